; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module) @definition.module (#set! name.find "header"))
((rule) @definition.function (#set! name.find "header"))
((value_declaration) @definition.function (#set! name.find "header"))
((value_definition body: (_)? @body) @definition.function (#set! name.find "header"))
