; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration name: (_) @name body: (_)? @body) @definition.class
(class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(class_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) body: (_)? @body) @definition.class
(constant_declaration declarator: (_ declarator: (_) @name) ) @definition.constant
(constant_declaration (_ name: (_) @name) ) @definition.constant
(constant_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) ) @definition.constant
(constructor_declaration name: (_) @name body: (_)? @body) @definition.constructor
(constructor_declaration (_ name: (_) @name) body: (_)? @body) @definition.constructor
(constructor_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) body: (_)? @body) @definition.constructor
(enum_declaration name: (_) @name body: (_)? @body) @definition.enum
(enum_declaration (_ name: (_) @name) body: (_)? @body) @definition.enum
(enum_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) body: (_)? @body) @definition.enum
(interface_declaration name: (_) @name body: (_)? @body) @definition.interface
(interface_declaration (_ name: (_) @name) body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) body: (_)? @body) @definition.interface
(method_declaration name: (_) @name body: (_)? @body) @definition.method
(method_declaration (_ name: (_) @name) body: (_)? @body) @definition.method
(method_declaration . (_ . [(dotted_identifier) (field_identifier) (identifier) (scoped_identifier) (scoped_type_identifier) (storage_identifier) (type_identifier)] @name) body: (_)? @body) @definition.method
