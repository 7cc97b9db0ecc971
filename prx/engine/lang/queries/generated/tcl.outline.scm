; Generated from the grammar's node kinds (prx.engine.lang.generic).
((procedure body: (_)? @body) @definition.function (#set! name.find "header"))
((source_file (global) @definition.variable) (#set! name.find "header"))
((source_file (_ (global) @definition.variable)) (#set! name.find "header"))
