; Swift outline: classes and actors (`class`), structs, enums, extensions (`impl`,
; named by the extended type), protocols (`protocol`) with their requirements,
; functions (methods inside types), initializers ("init"), deinitializers ("deinit"),
; type aliases and associated types (`type`), and constants: top-level `let` and
; `static let` members. Properties, subscripts and enum cases are not reported.
; Attributes and modifiers (@MainActor public) start the signature.
; (In this grammar the `name` field also labels return types, hence the node types.)

(class_declaration declaration_kind: "class" name: (type_identifier) @name body: (class_body) @body) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name body: (class_body) @body) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name body: (class_body) @body) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name body: (enum_class_body) @body) @definition.enum
(class_declaration declaration_kind: "extension" name: (_) @name body: (class_body) @body) @definition.impl

(protocol_declaration name: (type_identifier) @name body: (protocol_body) @body) @definition.protocol
(protocol_function_declaration name: (simple_identifier) @name) @definition.method

(function_declaration name: (simple_identifier) @name body: (function_body) @body) @definition.function
(init_declaration name: "init" @name body: (function_body) @body) @definition.constructor
(init_declaration name: "init" @name !body) @definition.constructor
(deinit_declaration "deinit" @name body: (function_body) @body) @definition.method

(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type

(source_file
  (property_declaration
    (value_binding_pattern) @_let
    name: (pattern (simple_identifier) @name)) @definition.constant
  (#eq? @_let "let"))
((property_declaration
   (modifiers) @_m
   (value_binding_pattern) @_let
   name: (pattern (simple_identifier) @name)) @definition.constant
 (#match? @_m "(^|\\s)static(\\s|$)")
 (#eq? @_let "let"))
