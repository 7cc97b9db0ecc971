; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module) @definition.module (#set! name.find "header"))
((module_declaration) @definition.module (#set! name.find "header"))
((type_alias_declaration) @definition.type (#set! name.find "header"))
((type_declaration) @definition.type (#set! name.find "header"))
((value_declaration body: (_)? @body) @definition.function (#set! name.find "header"))
