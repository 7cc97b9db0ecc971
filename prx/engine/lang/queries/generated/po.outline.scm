; Generated from the grammar's node kinds (prx.engine.lang.generic).
((message) @definition.struct (#set! name.find "header"))
