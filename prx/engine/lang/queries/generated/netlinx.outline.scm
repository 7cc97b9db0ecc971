; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_declaration name: (_) @name ) @definition.function
(function_declaration (_ name: (_) @name) ) @definition.function
(function_declaration . (_ . [(field_identifier) (identifier) (module_name) (program_name) (type_identifier)] @name) ) @definition.function
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . (_ . [(field_identifier) (identifier) (module_name) (program_name) (type_identifier)] @name) body: (_)? @body) @definition.function
(module_definition (_ name: (_) @name) ) @definition.module
(module_definition . (_ . [(field_identifier) (identifier) (module_name) (program_name) (type_identifier)] @name) ) @definition.module
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . (_ . [(field_identifier) (identifier) (module_name) (program_name) (type_identifier)] @name) ) @definition.type
