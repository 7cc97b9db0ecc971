; Generated from the grammar's node kinds (prx.engine.lang.generic).
((fn_define body: (_)? @body) @definition.function (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
((module (_ (var) @definition.variable)) (#set! name.find "header"))
