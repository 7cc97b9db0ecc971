; Generated from the grammar's node kinds (prx.engine.lang.generic).
(actor_definition (_ name: (_) @name) ) @definition.class
(actor_definition . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.class
(class_definition (_ name: (_) @name) ) @definition.class
(class_definition . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.class
(constructor (_ name: (_) @name) ) @definition.constructor
(constructor . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.constructor
(interface_definition (_ name: (_) @name) ) @definition.interface
(interface_definition . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.interface
(method (_ name: (_) @name) ) @definition.method
(method . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.method
(struct_definition (_ name: (_) @name) ) @definition.struct
(struct_definition . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.struct
(trait_definition (_ name: (_) @name) ) @definition.trait
(trait_definition . (_ . [(ffi_identifier) (identifier)] @name) ) @definition.trait
