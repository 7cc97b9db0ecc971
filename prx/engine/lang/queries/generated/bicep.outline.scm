; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module_declaration (_ name: (_) @name) ) @definition.module
(module_declaration . (_ . [(compatible_identifier) (identifier) (property_identifier)] @name) ) @definition.module
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . (_ . [(compatible_identifier) (identifier) (property_identifier)] @name) ) @definition.type
