; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_definition) @definition.class (#set! name.find "header"))
((method_definition) @definition.method (#set! name.find "header"))
