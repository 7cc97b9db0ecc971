; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration (_ name: (_) @name) ) @definition.class
(class_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.class
(compatibility_alias_declaration (_ name: (_) @name) ) @definition.alias
(compatibility_alias_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.alias
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.function
(implementation_definition (_ name: (_) @name) ) @definition.impl
(implementation_definition . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.impl
(method_declaration name: (_) @name body: (_)? @body) @definition.method
(method_declaration declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.method
(method_declaration (_ name: (_) @name) body: (_)? @body) @definition.method
(method_declaration . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name body: (_)? @body) @definition.method
(method_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.method
(method_definition name: (_) @name body: (_)? @body) @definition.method
(method_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.method
(method_definition (_ name: (_) @name) body: (_)? @body) @definition.method
(method_definition . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name body: (_)? @body) @definition.method
(method_definition . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.method
(preproc_function_def name: (_) @name ) @definition.function
(preproc_function_def (_ name: (_) @name) ) @definition.function
(preproc_function_def . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.function
(protocol_declaration name: (_) @name body: (_)? @body) @definition.protocol
(protocol_declaration declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.protocol
(protocol_declaration (_ name: (_) @name) body: (_)? @body) @definition.protocol
(protocol_declaration . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name body: (_)? @body) @definition.protocol
(protocol_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.protocol
(qualified_protocol_interface_declaration (_ name: (_) @name) ) @definition.interface
(qualified_protocol_interface_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.interface
(struct_declaration (_ name: (_) @name) ) @definition.struct
(struct_declaration . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) ) @definition.struct
(type_definition name: (_) @name body: (_)? @body) @definition.type
(type_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.type
(type_definition (_ name: (_) @name) body: (_)? @body) @definition.type
(type_definition . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name body: (_)? @body) @definition.type
(type_definition . (_ . [(field_identifier) (identifier) (method_identifier) (statement_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.type
