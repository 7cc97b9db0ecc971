; Generated from the grammar's node kinds (prx.engine.lang.generic).
((enum_statement) @definition.enum (#set! name.find "header"))
((namespace_statement) @definition.namespace (#set! name.find "header"))
((operation_statement) @definition.function (#set! name.find "header"))
((resource_statement) @definition.class (#set! name.find "header"))
((service_statement) @definition.interface (#set! name.find "header"))
((structure_statement) @definition.struct (#set! name.find "header"))
((trait_statement) @definition.trait (#set! name.find "header"))
((union_statement) @definition.union (#set! name.find "header"))
