; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_definition (_ name: (_) @name) ) @definition.class
(class_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.class
(class_type_definition (_ name: (_) @name) ) @definition.class
(class_type_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.class
(constructor_declaration (_ name: (_) @name) ) @definition.constructor
(constructor_declaration . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.constructor
(method_definition name: (_) @name body: (_)? @body) @definition.method
(method_definition (_ name: (_) @name) body: (_)? @body) @definition.method
(method_definition . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name body: (_)? @body) @definition.method
(method_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) body: (_)? @body) @definition.method
(method_specification (_ name: (_) @name) ) @definition.method
(method_specification . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.method
(module_definition (_ name: (_) @name) ) @definition.module
(module_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.module
(module_type_definition (_ name: (_) @name) body: (_)? @body) @definition.module
(module_type_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) body: (_)? @body) @definition.module
(record_declaration (_ name: (_) @name) ) @definition.record
(record_declaration . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.record
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . (_ . [(class_name) (class_type_name) (constructor_name) (field_name) (instance_variable_name) (label_name) (method_name) (module_name) (module_type_name) (value_name)] @name) ) @definition.type
