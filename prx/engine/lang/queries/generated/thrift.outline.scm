; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.constant
(enum_definition . [(annotation_identifier) (identifier) (typedef_identifier)] @name ) @definition.enum
(enum_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.enum
(function_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.function
(namespace_declaration . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.namespace
(package_declaration . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.module
(service_definition . [(annotation_identifier) (identifier) (typedef_identifier)] @name ) @definition.interface
(service_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.interface
(struct_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.struct
(typedef_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.typedef
(union_definition . (_ . [(annotation_identifier) (identifier) (typedef_identifier)] @name) ) @definition.union
