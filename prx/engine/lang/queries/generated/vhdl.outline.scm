; Generated from the grammar's node kinds (prx.engine.lang.generic).
(access_type_definition (_ name: (_) @name) ) @definition.type
(access_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(alias_declaration (_ name: (_) @name) ) @definition.alias
(alias_declaration . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name ) @definition.alias
(alias_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.alias
(constant_declaration (_ name: (_) @name) ) @definition.constant
(constant_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.constant
(constant_interface_declaration (_ name: (_) @name) ) @definition.interface
(constant_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.interface
(enumeration_type_definition (_ name: (_) @name) ) @definition.type
(enumeration_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(file_interface_declaration (_ name: (_) @name) ) @definition.interface
(file_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.interface
(file_type_definition (_ name: (_) @name) ) @definition.type
(file_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(full_type_declaration name: (_) @name ) @definition.type
(full_type_declaration (_ name: (_) @name) ) @definition.type
(full_type_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(function_declaration (_ name: (_) @name) ) @definition.function
(function_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.function
(function_interface_declaration (_ name: (_) @name) ) @definition.function
(function_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.function
(incomplete_type_declaration name: (_) @name ) @definition.type
(incomplete_type_declaration (_ name: (_) @name) ) @definition.type
(incomplete_type_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(numeric_type_definition (_ name: (_) @name) ) @definition.type
(numeric_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(package_declaration name: (_) @name ) @definition.module
(package_declaration (_ name: (_) @name) ) @definition.module
(package_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.module
(package_interface_declaration name: (_) @name ) @definition.interface
(package_interface_declaration (_ name: (_) @name) ) @definition.interface
(package_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.interface
(physical_type_definition (_ name: (_) @name) ) @definition.type
(physical_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(procedure_declaration (_ name: (_) @name) ) @definition.function
(procedure_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.function
(procedure_interface_declaration (_ name: (_) @name) ) @definition.function
(procedure_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.function
(protected_type_declaration (_ name: (_) @name) ) @definition.type
(protected_type_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.type
(record_type_definition (_ name: (_) @name) ) @definition.record
(record_type_definition . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.record
(type_interface_declaration name: (_) @name ) @definition.interface
(type_interface_declaration (_ name: (_) @name) ) @definition.interface
(type_interface_declaration . (_ . [(ambiguous_name) (attribute_name) (extended_identifier) (extended_simple_name) (external_constant_name) (external_signal_name) (external_variable_name) (identifier) (identifier_list) (selected_name) (simple_name) (slice_name)] @name) ) @definition.interface
