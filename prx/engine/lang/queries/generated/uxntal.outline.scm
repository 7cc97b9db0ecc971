; Generated from the grammar's node kinds (prx.engine.lang.generic).
((macro) @definition.macro (#set! name.find "header"))
