; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_definition . (_ . [(class_identifier) (field_identifier) (identifier) (method_identifier) (param_identifier)] @name) ) @definition.class
(method_definition . (_ . [(class_identifier) (field_identifier) (identifier) (method_identifier) (param_identifier)] @name) ) @definition.method
