; Generated from the grammar's node kinds (prx.engine.lang.generic).
((fn body: (_)? @body) @definition.function (#set! name.find "header"))
((struct) @definition.struct (#set! name.find "header"))
((source_file (var) @definition.variable) (#set! name.find "header"))
((source_file (_ (var) @definition.variable)) (#set! name.find "header"))
