; Generated from the grammar's node kinds (prx.engine.lang.generic).
(const_declaration (_ name: (_) @name) ) @definition.constant
(const_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) ) @definition.constant
(enum_declaration name: (_) @name ) @definition.enum
(enum_declaration (_ name: (_) @name) ) @definition.enum
(enum_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) ) @definition.enum
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
(interface_declaration name: (_) @name ) @definition.interface
(interface_declaration (_ name: (_) @name) ) @definition.interface
(interface_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) ) @definition.interface
(struct_declaration name: (_) @name ) @definition.struct
(struct_declaration (_ name: (_) @name) ) @definition.struct
(struct_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) ) @definition.struct
(type_declaration name: (_) @name ) @definition.type
(type_declaration (_ name: (_) @name) ) @definition.type
(type_declaration . (_ . [(binded_identifier) (comptime_identifier) (field_identifier) (identifier) (identifier_list) (label_name) (module_identifier) (mutable_identifier) (pseudo_comptime_identifier) (type_identifier)] @name) ) @definition.type
