; Generated from the grammar's node kinds (prx.engine.lang.generic).
((macro_def) @definition.macro (#set! name.find "header"))
