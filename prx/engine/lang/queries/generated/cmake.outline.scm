; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function) @definition.function (#set! name.find "header"))
((function_def) @definition.function (#set! name.find "header"))
((macro) @definition.macro (#set! name.find "header"))
((macro_def) @definition.macro (#set! name.find "header"))
