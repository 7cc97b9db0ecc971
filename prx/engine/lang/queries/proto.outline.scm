; Protocol Buffers outline: messages (`struct`) and enums (`enum`), nested ones under
; their message, services (`interface`) and each of their rpcs (`method`), and groups
; (``optional group Result = 1 { ... }``: the nested message type a group declares,
; `struct`, named by the group).
;
; Not definitions: fields (map and oneof fields included), enum values, ``oneof``s,
; options, ``reserved`` ranges, ``extend`` blocks (they add fields to a message defined
; elsewhere) and the file-wide ``package`` (the file is the package's).

(message (message_name (identifier) @name) (message_body) @body) @definition.struct
(enum (enum_name (identifier) @name) (enum_body) @body) @definition.enum
(service (service_name (identifier) @name)) @definition.interface
(rpc (rpc_name (identifier) @name)) @definition.method

; This grammar does not know proto2 groups: ``repeated group Grouped = 12 { ... }`` parses
; as a field (or an ERROR) whose type is the name ``group``, followed by the group's name.
([
   (field (type (message_or_enum_type) @_group) . (identifier) @name)
   (ERROR (type (message_or_enum_type) @_group) . (identifier) @name)
 ] @definition.struct
 (#eq? @_group "group"))
