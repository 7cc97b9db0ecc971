; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function) @definition.function (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
