; Generated from the grammar's node kinds (prx.engine.lang.generic).
(enum_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.enum
(enum_value_definition . (_ . [(fragment_name) (name)] @name) ) @definition.enum
(enum_values_definition . (_ . [(fragment_name) (name)] @name) ) @definition.enum
(input_object_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(interface_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.interface
(object_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(root_operation_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(scalar_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(type_system_definition . (_ . [(fragment_name) (name)] @name) ) @definition.type
(union_type_definition . (_ . [(fragment_name) (name)] @name) ) @definition.union
