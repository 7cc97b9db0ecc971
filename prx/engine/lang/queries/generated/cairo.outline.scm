; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_item name: (_) @name ) @definition.constant
(const_item (_ name: (_) @name) ) @definition.constant
(const_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.constant
(const_var_declaration (_ name: (_) @name) ) @definition.constant
(const_var_declaration . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.constant
(enum_item name: (_) @name body: (_)? @body) @definition.enum
(enum_item (_ name: (_) @name) body: (_)? @body) @definition.enum
(enum_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) body: (_)? @body) @definition.enum
(extern_function_statement name: (_) @name body: (_)? @body) @definition.function
(extern_function_statement (_ name: (_) @name) body: (_)? @body) @definition.function
(extern_function_statement . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name body: (_)? @body) @definition.function
(extern_function_statement . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) body: (_)? @body) @definition.function
(extern_type_statement name: (_) @name ) @definition.type
(extern_type_statement (_ name: (_) @name) ) @definition.type
(extern_type_statement . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.type
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) body: (_)? @body) @definition.function
(impl_item (_ name: (_) @name) ) @definition.impl
(impl_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.impl
(namespace_definition (_ name: (_) @name) ) @definition.namespace
(namespace_definition . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.namespace
(struct_definition (_ name: (_) @name) ) @definition.struct
(struct_definition . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.struct
(struct_item name: (_) @name body: (_)? @body) @definition.struct
(struct_item (_ name: (_) @name) body: (_)? @body) @definition.struct
(struct_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) body: (_)? @body) @definition.struct
(trait_item name: (_) @name body: (_)? @body) @definition.trait
(trait_item (_ name: (_) @name) body: (_)? @body) @definition.trait
(trait_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) body: (_)? @body) @definition.trait
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.type
(type_item name: (_) @name ) @definition.type
(type_item (_ name: (_) @name) ) @definition.type
(type_item . (_ . [(dotted_name) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (shorthand_field_identifier) (type_identifier) (typed_identifier)] @name) ) @definition.type
