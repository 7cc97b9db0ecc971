; Generated from the grammar's node kinds (prx.engine.lang.generic).
((circuit) @definition.module (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
