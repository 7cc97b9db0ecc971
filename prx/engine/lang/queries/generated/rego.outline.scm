; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module) @definition.module (#set! name.find "header"))
((rule) @definition.function (#set! name.find "header"))
((source_file (_ (var) @definition.variable)) (#set! name.find "header"))
