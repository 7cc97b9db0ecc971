; Generated from the grammar's node kinds (prx.engine.lang.generic).
(array_type_definition name: (_) @name ) @definition.type
(array_type_definition (_ name: (_) @name) ) @definition.type
(array_type_definition . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(array_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(derived_type_definition name: (_) @name ) @definition.type
(derived_type_definition (_ name: (_) @name) ) @definition.type
(derived_type_definition . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(derived_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(enumeration_type_definition (_ name: (_) @name) ) @definition.type
(enumeration_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_access_type_definition (_ name: (_) @name) ) @definition.type
(formal_access_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_array_type_definition (_ name: (_) @name) ) @definition.type
(formal_array_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_complete_type_declaration (_ name: (_) @name) ) @definition.type
(formal_complete_type_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(formal_complete_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_derived_type_definition name: (_) @name ) @definition.type
(formal_derived_type_definition (_ name: (_) @name) ) @definition.type
(formal_derived_type_definition . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(formal_derived_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_discrete_type_definition (_ name: (_) @name) ) @definition.type
(formal_discrete_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_incomplete_type_declaration (_ name: (_) @name) ) @definition.type
(formal_incomplete_type_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(formal_incomplete_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_interface_type_definition (_ name: (_) @name) ) @definition.interface
(formal_interface_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.interface
(formal_modular_type_definition (_ name: (_) @name) ) @definition.type
(formal_modular_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_package_declaration (_ name: (_) @name) ) @definition.module
(formal_package_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.module
(formal_package_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.module
(formal_private_type_definition (_ name: (_) @name) ) @definition.type
(formal_private_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(formal_signed_integer_type_definition (_ name: (_) @name) ) @definition.type
(formal_signed_integer_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(full_type_declaration (_ name: (_) @name) ) @definition.type
(full_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(function_specification name: (_) @name ) @definition.function
(function_specification (_ name: (_) @name) ) @definition.function
(function_specification . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.function
(function_specification . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.function
(generic_package_declaration (_ name: (_) @name) ) @definition.module
(generic_package_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.module
(incomplete_type_declaration (_ name: (_) @name) ) @definition.type
(incomplete_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(interface_type_definition (_ name: (_) @name) ) @definition.interface
(interface_type_definition . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.interface
(interface_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.interface
(modular_type_definition (_ name: (_) @name) ) @definition.type
(modular_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(null_procedure_declaration (_ name: (_) @name) ) @definition.function
(null_procedure_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.function
(package_declaration name: (_) @name ) @definition.module
(package_declaration (_ name: (_) @name) ) @definition.module
(package_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.module
(package_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.module
(private_type_declaration (_ name: (_) @name) ) @definition.type
(private_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(procedure_specification name: (_) @name ) @definition.function
(procedure_specification (_ name: (_) @name) ) @definition.function
(procedure_specification . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.function
(procedure_specification . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.function
(protected_type_declaration name: (_) @name ) @definition.type
(protected_type_declaration (_ name: (_) @name) ) @definition.type
(protected_type_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(protected_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(record_definition (_ name: (_) @name) ) @definition.record
(record_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.record
(record_type_definition (_ name: (_) @name) ) @definition.record
(record_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.record
(signed_integer_type_definition (_ name: (_) @name) ) @definition.type
(signed_integer_type_definition . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
(task_type_declaration name: (_) @name ) @definition.type
(task_type_declaration (_ name: (_) @name) ) @definition.type
(task_type_declaration . [(gnatprep_identifier) (identifier) (target_name)] @name ) @definition.type
(task_type_declaration . (_ . [(gnatprep_identifier) (identifier) (target_name)] @name) ) @definition.type
