; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_declaration body: (_)? @body) @definition.function (#set! name.find "header"))
((function_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((type_definition) @definition.type (#set! name.find "header"))
((variable_declaration) @definition.constant (#set! name.find "constant"))
