; Generated from the grammar's node kinds (prx.engine.lang.generic).
((struct body: (_)? @body) @definition.struct (#set! name.find "header"))
