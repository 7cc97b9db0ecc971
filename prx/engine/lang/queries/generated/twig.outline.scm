; Generated from the grammar's node kinds (prx.engine.lang.generic).
((macro_statement) @definition.macro (#set! name.find "header"))
((method) @definition.method (#set! name.find "header"))
