; Generated from the grammar's node kinds (prx.engine.lang.generic).
((data) @definition.type (#set! name.find "header"))
((function) @definition.function (#set! name.find "header"))
((macro) @definition.macro (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
((record) @definition.record (#set! name.find "header"))
((source_file (_ (let) @definition.variable)) (#set! name.find "header"))
