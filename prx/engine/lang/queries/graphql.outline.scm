; GraphQL outline. In a query document: named operations (``query`` / ``mutation`` /
; ``subscription``, `function`) and fragments (`function`: a named, reusable piece of a
; query). In a schema: object types (`class`), interfaces (`interface`), input types
; (`struct`), enums (`enum`), unions and scalars (`type`), directive definitions
; (`macro`, named without the ``@``), and type extensions (``extend type Query { ... }``,
; named by the type they extend, with the kind of that type: a modular schema's
; ``extend type Query`` blocks are where its fields are).
;
; Not definitions: fields, arguments, enum values, input fields, variables, an anonymous
; operation (``{ ... }``, ``query { ... }``), the ``schema { ... }`` block and
; ``extend schema`` (they name the root types, they define none). A description string
; (``"""..."""``) is part of the definition that follows it, so it starts it (and its
; signature, which runs to the fields).

; ---- query documents --------------------------------------------------------------------

(operation_definition (name) @name (selection_set) @body) @definition.function
(fragment_definition (fragment_name (name) @name) (selection_set) @body) @definition.function

; ---- type system ------------------------------------------------------------------------

(object_type_definition (name) @name (fields_definition)? @body) @definition.class
(interface_type_definition (name) @name (fields_definition)? @body) @definition.interface
(input_object_type_definition (name) @name (input_fields_definition)? @body) @definition.struct
(enum_type_definition (name) @name (enum_values_definition)? @body) @definition.enum
(union_type_definition (name) @name) @definition.type
(scalar_type_definition (name) @name) @definition.type
(directive_definition (name) @name) @definition.macro

; ---- extensions ---------------------------------------------------------------------------

(object_type_extension (name) @name (fields_definition)? @body) @definition.class
(interface_type_extension (name) @name (fields_definition)? @body) @definition.interface
(input_object_type_extension (name) @name (input_fields_definition)? @body) @definition.struct
(enum_type_extension (name) @name (enum_values_definition)? @body) @definition.enum
(union_type_extension (name) @name) @definition.type
(scalar_type_extension (name) @name) @definition.type
