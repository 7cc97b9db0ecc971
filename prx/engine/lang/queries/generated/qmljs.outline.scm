; Generated from the grammar's node kinds (prx.engine.lang.generic).
(abstract_class_declaration name: (_) @name body: (_)? @body) @definition.class
(abstract_class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(abstract_class_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.class
(class name: (_) @name body: (_)? @body) @definition.class
(class (_ name: (_) @name) body: (_)? @body) @definition.class
(class . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.class
(class_declaration name: (_) @name body: (_)? @body) @definition.class
(class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(class_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.class
(enum_declaration name: (_) @name body: (_)? @body) @definition.enum
(enum_declaration (_ name: (_) @name) body: (_)? @body) @definition.enum
(enum_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.enum
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
(generator_function_declaration name: (_) @name body: (_)? @body) @definition.function
(generator_function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(generator_function_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
(interface_declaration name: (_) @name body: (_)? @body) @definition.interface
(interface_declaration (_ name: (_) @name) body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.interface
(method_definition name: (_) @name body: (_)? @body) @definition.method
(method_definition (_ name: (_) @name) body: (_)? @body) @definition.method
(method_definition . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name body: (_)? @body) @definition.method
(method_definition . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.method
(module name: (_) @name body: (_)? @body) @definition.module
(module (_ name: (_) @name) body: (_)? @body) @definition.module
(module . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.module
(type_alias_declaration name: (_) @name ) @definition.type
(type_alias_declaration (_ name: (_) @name) ) @definition.type
(type_alias_declaration . (_ . [(computed_property_name) (identifier) (nested_identifier) (nested_type_identifier) (private_property_identifier) (property_identifier) (shorthand_property_identifier) (shorthand_property_identifier_pattern) (statement_identifier) (type_identifier)] @name) ) @definition.type
