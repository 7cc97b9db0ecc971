; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((translation_unit (_ (var) @definition.variable)) (#set! name.find "header"))
((variable_declaration) @definition.constant (#set! name.find "constant"))
