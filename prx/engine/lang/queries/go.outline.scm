; Go outline: functions, methods (top level, named by the method name; the receiver
; stays in the signature), type declarations (struct -> struct, interface -> interface
; with its method set as methods, anything else including aliases -> type), and
; package-level constants and variables (both reported as const).
;
; A declaration holding a single spec is reported from its keyword (`type Config
; struct`); the specs of a grouped declaration `type ( ... )` are reported one by one,
; without the keyword.

(function_declaration name: (identifier) @name body: (block) @body) @definition.function
(function_declaration name: (identifier) @name !body) @definition.function

(method_declaration name: (field_identifier) @name body: (block) @body) @definition.method
(method_declaration name: (field_identifier) @name !body) @definition.method

; --- types: single-spec declarations, from the `type` keyword
((type_declaration
   . (type_spec name: (type_identifier) @name
       type: (struct_type (field_declaration_list) @body)) .) @definition.struct
 (#not-match? @definition.struct "^type\\s*\\("))

((type_declaration
   . (type_spec name: (type_identifier) @name type: (interface_type)) .) @definition.interface
 (#not-match? @definition.interface "^type\\s*\\("))

((type_declaration
   . (type_spec name: (type_identifier) @name type: [
       (type_identifier) (qualified_type) (generic_type) (pointer_type) (slice_type)
       (array_type) (map_type) (channel_type) (function_type) (parenthesized_type)
     ]) .) @definition.type
 (#not-match? @definition.type "^type\\s*\\("))

((type_declaration . (type_alias name: (type_identifier) @name) .) @definition.type
 (#not-match? @definition.type "^type\\s*\\("))

; --- types: each spec of a grouped declaration (also matches the single-spec ones;
; those are dropped as wrapped by the declaration above)
(type_spec name: (type_identifier) @name
  type: (struct_type (field_declaration_list) @body)) @definition.struct
; (An interface's signature is its first line: `type Clock interface`.)
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name
  type: [
    (type_identifier) (qualified_type) (generic_type) (pointer_type) (slice_type)
    (array_type) (map_type) (channel_type) (function_type) (parenthesized_type)
  ]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; Methods of an interface.
(interface_type (method_elem name: (field_identifier) @name) @definition.method)

; --- package-level constants and variables
((const_declaration . (const_spec name: (identifier) @name) .) @definition.const
 (#not-match? @definition.const "^const\\s*\\("))
((var_declaration . (var_spec name: (identifier) @name) .) @definition.variable
 (#not-match? @definition.variable "^var\\s*\\("))

(source_file (const_declaration (const_spec name: (identifier) @name) @definition.const))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
