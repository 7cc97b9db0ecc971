; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(identifier)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(identifier)] @name) body: (_)? @body) @definition.function
(type_definition name: (_) @name ) @definition.type
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . [(identifier)] @name ) @definition.type
(type_definition . (_ . [(identifier)] @name) ) @definition.type
