; Generated from the grammar's node kinds (prx.engine.lang.generic).
(derived_type_definition (_ name: (_) @name) ) @definition.type
(derived_type_definition . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.type
(derived_type_statement (_ name: (_) @name) ) @definition.type
(derived_type_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.type
(enum (_ name: (_) @name) ) @definition.enum
(enum . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.enum
(enum_statement (_ name: (_) @name) ) @definition.enum
(enum_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.enum
(enumeration_type_statement (_ name: (_) @name) ) @definition.type
(enumeration_type_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.type
(function name: (_) @name ) @definition.function
(function declarator: (_ declarator: (_) @name) ) @definition.function
(function (_ name: (_) @name) ) @definition.function
(function . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name ) @definition.function
(function . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(function_statement name: (_) @name ) @definition.function
(function_statement (_ name: (_) @name) ) @definition.function
(function_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(interface (_ name: (_) @name) ) @definition.interface
(interface . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.interface
(interface_statement (_ name: (_) @name) ) @definition.interface
(interface_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.interface
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.module
(module_procedure_statement name: (_) @name ) @definition.function
(module_procedure_statement (_ name: (_) @name) ) @definition.function
(module_procedure_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(module_statement (_ name: (_) @name) ) @definition.module
(module_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.module
(preproc_function_def name: (_) @name ) @definition.function
(preproc_function_def (_ name: (_) @name) ) @definition.function
(preproc_function_def . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(procedure (_ name: (_) @name) ) @definition.function
(procedure . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(procedure_statement declarator: (_ declarator: (_) @name) ) @definition.function
(procedure_statement (_ name: (_) @name) ) @definition.function
(procedure_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(select_type_statement (_ name: (_) @name) ) @definition.type
(select_type_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.type
(subroutine_statement name: (_) @name ) @definition.function
(subroutine_statement (_ name: (_) @name) ) @definition.function
(subroutine_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.function
(type_statement (_ name: (_) @name) ) @definition.type
(type_statement . (_ . [(binding_name) (format_identifier) (identifier) (local_name) (method_name) (module_name) (name) (operator_name) (type_name) (unit_identifier)] @name) ) @definition.type
