; Rust outline: functions (methods are functions inside impl/trait blocks), structs,
; unions, enums, traits, impl blocks (named by their self type), modules, consts and
; statics, type aliases (and associated types), macro_rules! macros.
; Attributes (#[derive], #[test]) are siblings of the item in this grammar, so they
; are not part of the signature.

(function_item name: (identifier) @name body: (block) @body) @definition.function

; Trait method declarations and `extern` block functions: no body.
(function_signature_item name: (identifier) @name) @definition.function

(struct_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct

; Tuple and unit structs: the whole first line is the signature.
(struct_item name: (type_identifier) @name !body) @definition.struct
(struct_item name: (type_identifier) @name body: (ordered_field_declaration_list)) @definition.struct

(union_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.union

(enum_item name: (type_identifier) @name body: (enum_variant_list) @body) @definition.enum

(trait_item name: (type_identifier) @name body: (declaration_list) @body) @definition.trait

; impl blocks are named by the bare name of their self type (`Store` for
; `impl<J: Journal> Store<J>`); the trait stays in the signature.
(impl_item
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
  ]
  body: (declaration_list) @body) @definition.impl

(mod_item name: (identifier) @name body: (declaration_list) @body) @definition.module
(mod_item name: (identifier) @name !body) @definition.module

(const_item name: (identifier) @name) @definition.const
(static_item name: (identifier) @name) @definition.const

(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type

(macro_definition name: (identifier) @name) @definition.macro
