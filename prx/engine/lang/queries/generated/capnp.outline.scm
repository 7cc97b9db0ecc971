; Generated from the grammar's node kinds (prx.engine.lang.generic).
((data) @definition.type (#set! name.find "header"))
((enum) @definition.enum (#set! name.find "header"))
((interface) @definition.interface (#set! name.find "header"))
((message) @definition.struct (#set! name.find "header"))
((method) @definition.method (#set! name.find "header"))
((struct) @definition.struct (#set! name.find "header"))
((type_definition) @definition.type (#set! name.find "header"))
((union) @definition.union (#set! name.find "header"))
