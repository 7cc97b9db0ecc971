; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_declaration body: (_)? @body) @definition.class (#set! name.find "header"))
((function_declaration body: (_)? @body) @definition.function (#set! name.find "header"))
((interface_declaration body: (_)? @body) @definition.interface (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
((package_statement) @definition.module (#set! name.find "header"))
((typedef_declaration) @definition.typedef (#set! name.find "header"))
((variable_declaration) @definition.constant (#set! name.find "constant"))
