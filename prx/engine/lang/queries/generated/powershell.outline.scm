; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_method_definition) @definition.method (#set! name.find "header"))
((class_property_definition) @definition.class (#set! name.find "header"))
((class_statement) @definition.class (#set! name.find "header"))
((data_statement) @definition.type (#set! name.find "header"))
((enum_statement) @definition.enum (#set! name.find "header"))
((function_statement) @definition.function (#set! name.find "header"))
