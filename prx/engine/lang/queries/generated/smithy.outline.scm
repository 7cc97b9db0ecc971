; Generated from the grammar's node kinds (prx.engine.lang.generic).
(enum_statement . (_ . [(control_var_name) (identifier) (key_identifier)] @name) ) @definition.enum
(namespace_statement . (_ . [(control_var_name) (identifier) (key_identifier)] @name) ) @definition.namespace
(service_statement . (_ . [(control_var_name) (identifier) (key_identifier)] @name) ) @definition.interface
(trait_statement . (_ . [(control_var_name) (identifier) (key_identifier)] @name) ) @definition.trait
(union_statement . (_ . [(control_var_name) (identifier) (key_identifier)] @name) ) @definition.union
