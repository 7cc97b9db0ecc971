; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_definition name: (_) @name body: (_)? @body) @definition.class
(class_definition (_ name: (_) @name) body: (_)? @body) @definition.class
(class_definition . (_ . [(identifier) (name) (string_name)] @name) body: (_)? @body) @definition.class
(const_statement name: (_) @name ) @definition.constant
(const_statement (_ name: (_) @name) ) @definition.constant
(const_statement . [(identifier) (name) (string_name)] @name ) @definition.constant
(const_statement . (_ . [(identifier) (name) (string_name)] @name) ) @definition.constant
(constructor_definition (_ name: (_) @name) body: (_)? @body) @definition.constructor
(constructor_definition . (_ . [(identifier) (name) (string_name)] @name) body: (_)? @body) @definition.constructor
(enum_definition name: (_) @name body: (_)? @body) @definition.enum
(enum_definition (_ name: (_) @name) body: (_)? @body) @definition.enum
(enum_definition . (_ . [(identifier) (name) (string_name)] @name) body: (_)? @body) @definition.enum
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . (_ . [(identifier) (name) (string_name)] @name) body: (_)? @body) @definition.function
