; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module_declaration name: (_) @name ) @definition.module
(module_declaration (_ name: (_) @name) ) @definition.module
(module_declaration . (_ . [(lower_case_identifier) (lower_type_name) (operator_identifier) (record_base_identifier) (upper_case_identifier)] @name) ) @definition.module
(type_alias_declaration name: (_) @name ) @definition.type
(type_alias_declaration (_ name: (_) @name) ) @definition.type
(type_alias_declaration . (_ . [(lower_case_identifier) (lower_type_name) (operator_identifier) (record_base_identifier) (upper_case_identifier)] @name) ) @definition.type
(type_declaration name: (_) @name ) @definition.type
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . (_ . [(lower_case_identifier) (lower_type_name) (operator_identifier) (record_base_identifier) (upper_case_identifier)] @name) ) @definition.type
