; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_declaration (_ name: (_) @name) ) @definition.constant
(const_declaration . [(identifier) (scoped_type_identifier)] @name ) @definition.constant
(const_declaration . (_ . [(identifier) (scoped_type_identifier)] @name) ) @definition.constant
(constant_declaration (_ name: (_) @name) ) @definition.constant
(constant_declaration . [(identifier) (scoped_type_identifier)] @name ) @definition.constant
(constant_declaration . (_ . [(identifier) (scoped_type_identifier)] @name) ) @definition.constant
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(identifier) (scoped_type_identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier) (scoped_type_identifier)] @name) body: (_)? @body) @definition.function
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(identifier) (scoped_type_identifier)] @name) ) @definition.module
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . [(identifier) (scoped_type_identifier)] @name ) @definition.type
(type_declaration . (_ . [(identifier) (scoped_type_identifier)] @name) ) @definition.type
