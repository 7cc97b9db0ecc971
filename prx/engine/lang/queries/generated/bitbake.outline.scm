; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition (_ name: (_) @name) ) @definition.function
(function_definition . (_ . [(dotted_name) (identifier) (python_identifier)] @name) ) @definition.function
(python_function_definition name: (_) @name body: (_)? @body) @definition.function
(python_function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(python_function_definition . (_ . [(dotted_name) (identifier) (python_identifier)] @name) body: (_)? @body) @definition.function
