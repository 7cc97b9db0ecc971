; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_definition (_ name: (_) @name) ) @definition.class
(class_definition . [(class_identifier) (identifier) (node_name)] @name ) @definition.class
(class_definition . (_ . [(class_identifier) (identifier) (node_name)] @name) ) @definition.class
(function_declaration (_ name: (_) @name) ) @definition.function
(function_declaration . [(class_identifier) (identifier) (node_name)] @name ) @definition.function
(function_declaration . (_ . [(class_identifier) (identifier) (node_name)] @name) ) @definition.function
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . [(class_identifier) (identifier) (node_name)] @name ) @definition.type
(type_declaration . (_ . [(class_identifier) (identifier) (node_name)] @name) ) @definition.type
