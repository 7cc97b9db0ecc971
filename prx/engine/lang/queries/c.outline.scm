; C outline: function definitions and prototypes (both `function`), struct/union/enum
; definitions (only specifiers WITH a body: `struct foo x;` is a use, not a definition),
; typedefs (`type`; a typedef of a struct/union/enum body is reported once, as that
; struct/union/enum named by the typedef name), object-like #define macros with a value
; (`const`), function-like macros (`macro`), and file-scope `const` variables.

; --- functions: the name sits under 0-2 pointer declarators, or is a function
; returning a function pointer: `int (*get(void))(int)`.
(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]
  body: (compound_statement) @body) @definition.function

; Prototypes. `int (*handler)(int);` (a function pointer variable) does not match.
(declaration
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; --- struct / union / enum definitions (with a body). Listed by parent so that one
; directly in a typedef is left to the typedef patterns below; `struct foo { ... } x;`
; and nested `struct inner { ... } field;` are `type:` children of a declaration.
[
  (translation_unit (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_if (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_ifdef (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_else (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_elif (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (compound_statement (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (declaration type: (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (field_declaration type: (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
]
[
  (translation_unit (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_if (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_ifdef (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_else (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_elif (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (compound_statement (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (declaration type: (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (field_declaration type: (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
]
[
  (translation_unit (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_if (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_ifdef (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_else (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_elif (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (compound_statement (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (declaration type: (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (field_declaration type: (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
]

; An anonymous struct/union member `struct { ... } stats;` is named by its field.
(field_declaration
  type: (struct_specifier !name body: (field_declaration_list) @body)
  declarator: (field_identifier) @name) @definition.struct
(field_declaration
  type: (union_specifier !name body: (field_declaration_list) @body)
  declarator: (field_identifier) @name) @definition.union

; --- typedefs of a struct/union/enum body: one symbol, named by the typedef name
(type_definition
  type: (struct_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.union
(type_definition
  type: (enum_specifier body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum

; --- other typedefs
(type_definition
  type: [
    (primitive_type) (type_identifier) (sized_type_specifier)
    (struct_specifier !body) (union_specifier !body) (enum_specifier !body)
  ]
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
  ]) @definition.typedef

; --- macros
(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
(preproc_function_def name: (identifier) @name value: (preproc_arg) @body) @definition.macro
(preproc_function_def name: (identifier) @name !value) @definition.macro

; --- file-scope constants: `static const size_t kLimit = 64;`, `const int table[] = {...};`,
; `char *const p = ...;`, `const char *const names[] = {...};`. (`const char *p` is a
; mutable pointer to const chars: not a constant.)
((translation_unit
   (declaration
     (type_qualifier) @_q
     declarator: (init_declarator
       declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
 (#eq? @_q "const"))
((translation_unit
   (declaration
     declarator: (init_declarator
       declarator: (pointer_declarator
         (type_qualifier) @_q
         declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
 (#eq? @_q "const"))
