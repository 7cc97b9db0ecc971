; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_definition) @definition.function (#set! name.find "header"))
