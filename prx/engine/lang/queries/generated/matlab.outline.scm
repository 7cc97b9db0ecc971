; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_definition name: (_) @name ) @definition.class
(class_definition (_ name: (_) @name) ) @definition.class
(class_definition . (_ . [(command_name) (identifier) (property_name)] @name) ) @definition.class
(enum (_ name: (_) @name) ) @definition.enum
(enum . (_ . [(command_name) (identifier) (property_name)] @name) ) @definition.enum
(function_definition name: (_) @name ) @definition.function
(function_definition (_ name: (_) @name) ) @definition.function
(function_definition . [(command_name) (identifier) (property_name)] @name ) @definition.function
(function_definition . (_ . [(command_name) (identifier) (property_name)] @name) ) @definition.function
