; C++ outline: everything the C outline reports (functions and prototypes, structs,
; unions, enums, typedefs, #define constants and macros, file-scope constants), plus
; classes, namespaces (`class`), `using X = ...` aliases (`type`), templates (the
; `template <...>` line is part of the signature), methods and their declarations in
; class bodies, constructors, destructors and operators, `constexpr` constants and
; `static const` members.
;
; Out-of-class member definitions `void Foo::bar() { ... }` are methods named with
; their qualifier, `Foo::bar` (also `Ring<T, N>::pop`, `Foo::~Foo`, `Foo::operator<`).
; The grammar cannot tell `ns::f` from `Cls::f`, so a function defined out of line
; through a namespace qualifier is reported as a method too.

; ---------------------------------------------------------------- functions
; The name sits under 0-2 pointer declarators or a reference declarator, or is a
; function returning a function pointer: `int (*get(void))(int)`.

; Constructors with a member initializer list: the signature stops before the list.
; (Listed first: of two matches for the same node, the engine keeps the first.)
; (`function` in a class body becomes `method`; the qualified form is a method already.)
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)
  (field_initializer_list) @body
  body: (compound_statement)) @definition.function
(function_definition
  declarator: (function_declarator declarator: (qualified_identifier) @name)
  (field_initializer_list) @body
  body: (compound_statement)) @definition.method

(function_definition
  declarator: [
    (function_declarator declarator: [(identifier) (field_identifier) (operator_name) (destructor_name)] @name)
    (function_declarator declarator: (template_function name: (identifier) @name))
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name)))
    (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))))
  ]
  body: (compound_statement) @body) @definition.function

; `= default` / `= delete` in a class body: no body.
(function_definition
  declarator: [
    (function_declarator declarator: [(identifier) (field_identifier) (operator_name) (destructor_name)] @name)
    (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
  ]
  !body) @definition.function

; Out-of-class member definitions.
(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name)))
    (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
  ]
  body: (compound_statement) @body) @definition.method

; Out-of-class `Foo::Foo() = default;` / `Foo::~Foo() = default;`: the grammar parses
; these as an assignment expression statement (which cannot otherwise appear at
; namespace scope), so that shape is matched as the method it is.
((translation_unit
   (expression_statement
     (assignment_expression
       left: (call_expression function: (qualified_identifier) @name arguments: (argument_list))
       right: (identifier) @_d)) @definition.method)
 (#any-of? @_d "default" "delete"))
((declaration_list
   (expression_statement
     (assignment_expression
       left: (call_expression function: (qualified_identifier) @name arguments: (argument_list))
       right: (identifier) @_d)) @definition.method)
 (#any-of? @_d "default" "delete"))

; Prototypes (namespace scope) and constructor/destructor declarations (class scope).
; `int (*handler)(int);` (a function pointer variable) does not match.
(declaration
  declarator: [
    (function_declarator declarator: [(identifier) (operator_name) (destructor_name)] @name)
    (function_declarator declarator: (template_function name: (identifier) @name))
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))))
  ]) @definition.function

; Method declarations in a class body (including pure virtual ones).
(field_declaration
  declarator: [
    (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)))
    (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
  ]) @definition.function

; ---------------------------------------------------------------- templates
; The template_declaration is the definition, so `template <...>` starts the signature;
; the wrapped definition (same name and kind) is dropped by the engine.

(template_declaration
  (function_definition
    declarator: [
      (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name)
      (function_declarator declarator: (template_function name: (identifier) @name))
      (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
      (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
    ]
    body: (compound_statement) @body)) @definition.function

(template_declaration
  (function_definition
    declarator: [
      (function_declarator declarator: (qualified_identifier) @name)
      (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
      (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
    ]
    body: (compound_statement) @body)) @definition.method

(template_declaration
  (declaration
    declarator: [
      (function_declarator declarator: [(identifier) (operator_name)] @name)
      (pointer_declarator declarator: (function_declarator declarator: [(identifier) (operator_name)] @name))
      (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
    ])) @definition.function

(template_declaration
  (class_specifier name: (_) @name body: (field_declaration_list) @body)) @definition.class
(template_declaration
  (struct_specifier name: (_) @name body: (field_declaration_list) @body)) @definition.struct
(template_declaration
  (union_specifier name: (_) @name body: (field_declaration_list) @body)) @definition.union
(template_declaration
  (alias_declaration name: (type_identifier) @name)) @definition.alias

; ---------------------------------------------------------------- classes
; Only specifiers with a body: `struct foo x;` and `class Foo;` are uses or forward
; declarations, not definitions. Listed by parent so that one directly in a typedef is
; left to the typedef patterns below (and one in a template to the template patterns
; above); `class Foo { ... } foo;` and a nested `class Inner { ... };` are `type:`
; children of a declaration / field declaration.
[
  (translation_unit (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (declaration_list (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (preproc_if (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (preproc_ifdef (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (preproc_else (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (preproc_elif (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (compound_statement (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (declaration type: (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
  (field_declaration type: (class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class)
]
[
  (translation_unit (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (declaration_list (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
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
  (declaration_list (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
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
  (declaration_list (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
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

; ---------------------------------------------------------------- namespaces
(namespace_definition name: (_) @name body: (declaration_list) @body) @definition.namespace
(namespace_definition !name body: (declaration_list) @body) @definition.namespace

; ---------------------------------------------------------------- types
; A typedef of a struct/union/enum body: one symbol, named by the typedef name.
(type_definition
  type: [(struct_specifier body: (field_declaration_list) @body)
         (class_specifier body: (field_declaration_list) @body)]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.union
(type_definition
  type: (enum_specifier body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum

(type_definition
  type: [
    (primitive_type) (type_identifier) (sized_type_specifier) (qualified_identifier) (template_type)
    (struct_specifier !body) (class_specifier !body) (union_specifier !body) (enum_specifier !body)
  ]
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (reference_declarator (type_identifier) @name)
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
    (function_declarator declarator: (type_identifier) @name)
  ]) @definition.typedef

(alias_declaration name: (type_identifier) @name) @definition.alias

; ---------------------------------------------------------------- macros
(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
(preproc_function_def name: (identifier) @name value: (preproc_arg) @body) @definition.macro
(preproc_function_def name: (identifier) @name !value) @definition.macro

; ---------------------------------------------------------------- constants
; Namespace-scope `const` / `constexpr` variables and arrays, and const pointers
; (`const char* const p`). (`const char* p` is a mutable pointer: not a constant.)
((translation_unit
   (declaration
     (type_qualifier) @_q
     declarator: (init_declarator
       declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
 (#any-of? @_q "const" "constexpr"))
((declaration_list
   (declaration
     (type_qualifier) @_q
     declarator: (init_declarator
       declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
 (#any-of? @_q "const" "constexpr"))
((translation_unit
   (declaration
     declarator: (init_declarator
       declarator: (pointer_declarator
         (type_qualifier) @_q
         declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
 (#eq? @_q "const"))
((declaration_list
   (declaration
     declarator: (init_declarator
       declarator: (pointer_declarator
         (type_qualifier) @_q
         declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
 (#eq? @_q "const"))

; Class constants: `static constexpr int kMax = 10;`, `static const int kMax = 10;`.
((field_declaration
   (storage_class_specifier) @_s
   (type_qualifier) @_q
   declarator: (field_identifier) @name) @definition.constant
 (#eq? @_s "static")
 (#any-of? @_q "const" "constexpr"))
