; Generated from the grammar's node kinds (prx.engine.lang.generic).
((const_declaration) @definition.constant (#set! name.find "header"))
((enum_declaration) @definition.enum (#set! name.find "header"))
((function_declaration body: (_)? @body) @definition.function (#set! name.find "header"))
((interface_declaration) @definition.interface (#set! name.find "header"))
((struct_declaration) @definition.struct (#set! name.find "header"))
((type_declaration) @definition.type (#set! name.find "header"))
