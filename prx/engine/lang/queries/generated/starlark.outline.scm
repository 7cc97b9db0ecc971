; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . (_ . [(dotted_name) (identifier)] @name) body: (_)? @body) @definition.function
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(dotted_name) (identifier)] @name) ) @definition.module
