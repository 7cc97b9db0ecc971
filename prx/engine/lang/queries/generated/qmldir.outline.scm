; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module_definition) @definition.module (#set! name.find "header"))
