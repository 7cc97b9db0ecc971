; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function name: (_) @name body: (_)? @body) @definition.function
(function (_ name: (_) @name) body: (_)? @body) @definition.function
(function . (_ . [(constructor_name) (identifier) (remote_constructor_name) (remote_type_identifier) (type_identifier) (type_name)] @name) body: (_)? @body) @definition.function
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(constructor_name) (identifier) (remote_constructor_name) (remote_type_identifier) (type_identifier) (type_name)] @name) ) @definition.module
(record name: (_) @name ) @definition.record
(record (_ name: (_) @name) ) @definition.record
(record . [(constructor_name) (identifier) (remote_constructor_name) (remote_type_identifier) (type_identifier) (type_name)] @name ) @definition.record
(record . (_ . [(constructor_name) (identifier) (remote_constructor_name) (remote_type_identifier) (type_identifier) (type_name)] @name) ) @definition.record
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . (_ . [(constructor_name) (identifier) (remote_constructor_name) (remote_type_identifier) (type_identifier) (type_name)] @name) ) @definition.type
