; Generated from the grammar's node kinds (prx.engine.lang.generic).
((rule) @definition.function (#set! name.find "header"))
