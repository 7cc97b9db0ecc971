; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(function_name) (identifier) (type_identifier)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(function_name) (identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
