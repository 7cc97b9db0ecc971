; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.constant
(const_type_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.type
(enum_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.enum
(overloaded_procedure_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.function
(package_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.module
(procedure . (_ . [(field_identifier) (identifier)] @name) ) @definition.function
(procedure_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.function
(struct . [(field_identifier) (identifier)] @name ) @definition.struct
(struct . (_ . [(field_identifier) (identifier)] @name) ) @definition.struct
(struct_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.struct
(union_declaration . (_ . [(field_identifier) (identifier)] @name) ) @definition.union
