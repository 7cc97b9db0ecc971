; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class) @definition.class (#set! name.find "header"))
((method) @definition.method (#set! name.find "header"))
((procedure) @definition.function (#set! name.find "header"))
((source_file (_ (global) @definition.variable)) (#set! name.find "header"))
((source_file (_ (local) @definition.variable)) (#set! name.find "header"))
