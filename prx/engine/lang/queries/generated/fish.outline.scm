; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition name: (_) @name ) @definition.function
(function_definition (_ name: (_) @name) ) @definition.function
(function_definition . (_ . [(variable_name) (word)] @name) ) @definition.function
