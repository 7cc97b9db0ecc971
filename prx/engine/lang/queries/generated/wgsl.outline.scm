; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(identifier) (variable_identifier_declaration)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier) (variable_identifier_declaration)] @name) body: (_)? @body) @definition.function
(global_constant_declaration (_ name: (_) @name) ) @definition.constant
(global_constant_declaration . [(identifier) (variable_identifier_declaration)] @name ) @definition.constant
(global_constant_declaration . (_ . [(identifier) (variable_identifier_declaration)] @name) ) @definition.constant
(struct_declaration name: (_) @name ) @definition.struct
(struct_declaration (_ name: (_) @name) ) @definition.struct
(struct_declaration . [(identifier) (variable_identifier_declaration)] @name ) @definition.struct
(struct_declaration . (_ . [(identifier) (variable_identifier_declaration)] @name) ) @definition.struct
(type_alias_declaration (_ name: (_) @name) ) @definition.type
(type_alias_declaration . [(identifier) (variable_identifier_declaration)] @name ) @definition.type
(type_alias_declaration . (_ . [(identifier) (variable_identifier_declaration)] @name) ) @definition.type
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . [(identifier) (variable_identifier_declaration)] @name ) @definition.type
(type_declaration . (_ . [(identifier) (variable_identifier_declaration)] @name) ) @definition.type
