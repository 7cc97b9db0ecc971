; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition name: (_) @name ) @definition.function
(function_definition (_ name: (_) @name) ) @definition.function
(function_definition . [(byte_compiled_file_name) (symbol)] @name ) @definition.function
(function_definition . (_ . [(byte_compiled_file_name) (symbol)] @name) ) @definition.function
(macro_definition name: (_) @name ) @definition.macro
(macro_definition (_ name: (_) @name) ) @definition.macro
(macro_definition . [(byte_compiled_file_name) (symbol)] @name ) @definition.macro
(macro_definition . (_ . [(byte_compiled_file_name) (symbol)] @name) ) @definition.macro
