; Generated from the grammar's node kinds (prx.engine.lang.generic).
(enum . [(enum_name) (identifier) (message_name) (reserved_identifier) (rpc_name) (service_name)] @name ) @definition.enum
(enum . (_ . [(enum_name) (identifier) (message_name) (reserved_identifier) (rpc_name) (service_name)] @name) ) @definition.enum
(message . (_ . [(enum_name) (identifier) (message_name) (reserved_identifier) (rpc_name) (service_name)] @name) ) @definition.struct
(service . (_ . [(enum_name) (identifier) (message_name) (reserved_identifier) (rpc_name) (service_name)] @name) ) @definition.interface
