; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_statement (_ name: (_) @name) ) @definition.constant
(const_statement . (_ . [(augroup_name) (command_name) (curly_braces_name) (identifier) (name) (option_name) (scoped_identifier) (unknown_command_name)] @name) ) @definition.constant
(function_declaration name: (_) @name ) @definition.function
(function_declaration (_ name: (_) @name) ) @definition.function
(function_declaration . (_ . [(augroup_name) (command_name) (curly_braces_name) (identifier) (name) (option_name) (scoped_identifier) (unknown_command_name)] @name) ) @definition.function
(function_definition (_ name: (_) @name) ) @definition.function
(function_definition . (_ . [(augroup_name) (command_name) (curly_braces_name) (identifier) (name) (option_name) (scoped_identifier) (unknown_command_name)] @name) ) @definition.function
