; Generated from the grammar's node kinds (prx.engine.lang.generic).
((constant_definition) @definition.constant (#set! name.find "header"))
((function_definition) @definition.function (#set! name.find "header"))
((trait_definition) @definition.trait (#set! name.find "header"))
((source (_ (global) @definition.variable)) (#set! name.find "header"))
((variable_definition) @definition.constant (#set! name.find "constant"))
