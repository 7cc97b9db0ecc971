; TypeScript outline (tsx.outline.scm inherits it). The javascript and typescript outline
; queries share one layout: keep the two files in step.
;
; * functions: declarations, generators, and function or arrow values assigned to a
;   variable (named by the variable), also through React.memo / forwardRef / lazy;
; * classes with their methods and function-valued fields;
; * interfaces (with their method signatures), type aliases, enums, namespaces and
;   modules (``declare module``, ``declare global``), overload and ambient signatures,
;   ``static readonly`` UPPER_CASE class constants;
; * constants and variables declared at the top level (``const``, ``let``, ``var``; any name).
;
; An exported (or ``declare``d) declaration is captured as its export_statement so
; ``export`` / ``export default`` stays in the signature; the engine drops the inner
; declaration it wraps. A variable declaration with one declarator is the definition
; (``const`` in the signature); with several, each declarator is. Object-literal methods
; are not reported.

; ---- functions -----------------------------------------------------------------------

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

(export_statement
  declaration: [
    (function_declaration name: (identifier) @name body: (statement_block) @body)
    (generator_function_declaration name: (identifier) @name body: (statement_block) @body)
  ]) @definition.function

; overload signatures and ambient functions: function f(a: string): void;
(function_signature name: (identifier) @name) @definition.function

(ambient_declaration (function_signature name: (identifier) @name)) @definition.function

(export_statement
  declaration: [
    (function_signature name: (identifier) @name)
    (ambient_declaration (function_signature name: (identifier) @name))
  ]) @definition.function

; export default function () {} / export default async () => ...: named "default"
(export_statement
  "default" @name
  value: [
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
    (arrow_function body: (_) @body)
  ]) @definition.function

; const f = (...) => ... / let f = function () {} / var g = function* () {}
[
  (lexical_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (statement_block) @body)
        (generator_function body: (statement_block) @body)
      ])
    .)
  (variable_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (statement_block) @body)
        (generator_function body: (statement_block) @body)
      ])
    .)
] @definition.function

(export_statement
  declaration: (lexical_declaration
    .
    (variable_declarator
      name: (identifier) @name
      value: [
        (arrow_function body: (_) @body)
        (function_expression body: (statement_block) @body)
        (generator_function body: (statement_block) @body)
      ])
    .)) @definition.function

(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (statement_block) @body)
    (generator_function body: (statement_block) @body)
  ]) @definition.function

; const Button = React.memo((props) => ...) / forwardRef(function Input(props, ref) {...})
((lexical_declaration
   .
   (variable_declarator
     name: (identifier) @name
     value: (call_expression
       function: [(identifier) (member_expression)] @_wrapper
       arguments: (arguments
         .
         [(arrow_function body: (_) @body)
          (function_expression body: (statement_block) @body)])))
   .) @definition.function
  (#match? @_wrapper "^(React\\.)?(memo|forwardRef|lazy)$"))

((export_statement
   declaration: (lexical_declaration
     .
     (variable_declarator
       name: (identifier) @name
       value: (call_expression
         function: [(identifier) (member_expression)] @_wrapper
         arguments: (arguments
           .
           [(arrow_function body: (_) @body)
            (function_expression body: (statement_block) @body)])))
     .)) @definition.function
  (#match? @_wrapper "^(React\\.)?(memo|forwardRef|lazy)$"))

; ---- classes -------------------------------------------------------------------------

(class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class

(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class

(export_statement
  declaration: [
    (class_declaration name: (type_identifier) @name body: (class_body) @body)
    (abstract_class_declaration name: (type_identifier) @name body: (class_body) @body)
    (ambient_declaration (class_declaration name: (type_identifier) @name body: (class_body) @body))
    (ambient_declaration (abstract_class_declaration name: (type_identifier) @name body: (class_body) @body))
  ]) @definition.class

(ambient_declaration
  [
    (class_declaration name: (type_identifier) @name body: (class_body) @body)
    (abstract_class_declaration name: (type_identifier) @name body: (class_body) @body)
  ]) @definition.class

(export_statement
  "default" @name
  value: (class body: (class_body) @body)) @definition.class

; const Foo = class { ... }
(lexical_declaration
  .
  (variable_declarator name: (identifier) @name value: (class body: (class_body) @body))
  .) @definition.class

(class_body (method_definition name: (_) @name body: (statement_block) @body) @definition.method)

; overloads, abstract methods, methods of a declared class
(class_body (method_signature name: (_) @name) @definition.method)

(class_body (abstract_method_signature name: (_) @name) @definition.method)

; handler = (event) => { ... }
(class_body
  (public_field_definition
    name: (_) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (statement_block) @body)
    ]) @definition.method)

; static readonly MAX_SIZE = 10
((class_body
   (public_field_definition "static" "readonly" name: (property_identifier) @name) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

; ---- interfaces, type aliases, enums -------------------------------------------------

(interface_declaration name: (type_identifier) @name body: (interface_body) @body) @definition.interface

(export_statement
  declaration: (interface_declaration name: (type_identifier) @name body: (interface_body) @body)) @definition.interface

(interface_body (method_signature name: (_) @name) @definition.method)

; the body of ``type X = { ... }`` keeps ``= {`` out of the signature; other aliases
; show their first line
(type_alias_declaration name: (type_identifier) @name value: (object_type) @body) @definition.type

(type_alias_declaration name: (type_identifier) @name value: (_) @_value (#not-match? @_value "^\\{")) @definition.type

(export_statement
  declaration: (type_alias_declaration name: (type_identifier) @name value: (object_type) @body)) @definition.type

(export_statement
  declaration: (type_alias_declaration name: (type_identifier) @name value: (_) @_value)
  (#not-match? @_value "^\\{")) @definition.type

; a value that starts with an object type yet is not one (`{ ok: T } | { err: E }`)
(type_alias_declaration name: (type_identifier) @name
  value: [(union_type) (intersection_type) (conditional_type) (array_type) (lookup_type)]) @definition.type

(export_statement
  declaration: (type_alias_declaration name: (type_identifier) @name
    value: [(union_type) (intersection_type) (conditional_type) (array_type) (lookup_type)])) @definition.type

(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum

(export_statement
  declaration: (enum_declaration name: (identifier) @name body: (enum_body) @body)) @definition.enum

(ambient_declaration (enum_declaration name: (identifier) @name body: (enum_body) @body)) @definition.enum

; ---- namespaces and modules -----------------------------------------------------------

(internal_module name: (_) @name body: (statement_block) @body) @definition.namespace

(module name: (identifier) @name body: (statement_block) @body) @definition.namespace

(export_statement
  declaration: (internal_module name: (_) @name body: (statement_block) @body)) @definition.namespace

(ambient_declaration (internal_module name: (_) @name body: (statement_block) @body)) @definition.namespace

(ambient_declaration (module name: (identifier) @name body: (statement_block) @body)) @definition.namespace

; declare module "./fetch" { ... } (named by the module path)
(ambient_declaration
  (module name: (string (string_fragment) @name) body: (statement_block) @body)) @definition.module

(ambient_declaration "global" @name (statement_block) @body) @definition.namespace

; A constructor function's methods, assigned to its prototype at the top level:
; `Ruler.prototype.push = function () {..}` and `Ruler.prototype = { push: function () {..} }`,
; named `push` (the signature shows whose).
((program
   (expression_statement
     (assignment_expression
       left: (member_expression
         object: (member_expression
           object: (identifier) @_owner
           property: (property_identifier) @_prototype)
         property: (property_identifier) @name)
       right: [
         (function_expression body: (statement_block) @body)
         (arrow_function body: (_) @body)
       ]) @definition.method))
 (#eq? @_prototype "prototype"))

((program
   (expression_statement
     (assignment_expression
       left: (member_expression
         object: (identifier) @_owner
         property: (property_identifier) @_prototype)
       right: (object
         (pair
           key: (property_identifier) @name
           value: [
             (function_expression body: (statement_block) @body)
             (arrow_function body: (_) @body)
           ]) @definition.method))))
 (#eq? @_prototype "prototype"))

; ---- top-level constants and variables -----------------------------------------------

; const MAX = 1, const schema = z.object(...), let count = 0, var x: at the top level, any
; name (a function or class value is captured above; a CommonJS `require` is an import).
; One declarator: the declaration is the definition; several: each declarator is.
((program
   [(lexical_declaration
      .
      [(variable_declarator
         name: (identifier) @name
         value: [(number) (string) (template_string) (regex) (true) (false) (null)
           (undefined) (identifier) (array) (object) (call_expression)
           (new_expression) (member_expression) (subscript_expression)
           (binary_expression) (unary_expression) (ternary_expression)
           (parenthesized_expression) (await_expression)
           (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
       (variable_declarator name: (identifier) @name !value)]
      .)
   (variable_declaration
      .
      [(variable_declarator
         name: (identifier) @name
         value: [(number) (string) (template_string) (regex) (true) (false) (null)
           (undefined) (identifier) (array) (object) (call_expression)
           (new_expression) (member_expression) (subscript_expression)
           (binary_expression) (unary_expression) (ternary_expression)
           (parenthesized_expression) (await_expression)
           (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
       (variable_declarator name: (identifier) @name !value)]
      .)] @definition.const)
 (#not-match? @definition.const "^[^=]*=\\s*require\\("))

((program
   [(lexical_declaration
      [(variable_declarator
         name: (identifier) @name
         value: [(number) (string) (template_string) (regex) (true) (false) (null)
           (undefined) (identifier) (array) (object) (call_expression)
           (new_expression) (member_expression) (subscript_expression)
           (binary_expression) (unary_expression) (ternary_expression)
           (parenthesized_expression) (await_expression)
           (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
       (variable_declarator name: (identifier) @name !value)] @definition.const)
   (variable_declaration
      [(variable_declarator
         name: (identifier) @name
         value: [(number) (string) (template_string) (regex) (true) (false) (null)
           (undefined) (identifier) (array) (object) (call_expression)
           (new_expression) (member_expression) (subscript_expression)
           (binary_expression) (unary_expression) (ternary_expression)
           (parenthesized_expression) (await_expression)
           (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
       (variable_declarator name: (identifier) @name !value)] @definition.const)])
 (#not-match? @definition.const "^[^=]*=\\s*require\\("))

((program
   (export_statement
     declaration: [(lexical_declaration
        .
        [(variable_declarator
           name: (identifier) @name
           value: [(number) (string) (template_string) (regex) (true) (false) (null)
             (undefined) (identifier) (array) (object) (call_expression)
             (new_expression) (member_expression) (subscript_expression)
             (binary_expression) (unary_expression) (ternary_expression)
             (parenthesized_expression) (await_expression)
             (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
         (variable_declarator name: (identifier) @name !value)]
        .)
     (variable_declaration
        .
        [(variable_declarator
           name: (identifier) @name
           value: [(number) (string) (template_string) (regex) (true) (false) (null)
             (undefined) (identifier) (array) (object) (call_expression)
             (new_expression) (member_expression) (subscript_expression)
             (binary_expression) (unary_expression) (ternary_expression)
             (parenthesized_expression) (await_expression)
             (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
         (variable_declarator name: (identifier) @name !value)]
        .)]) @definition.const)
 (#not-match? @definition.const "^[^=]*=\\s*require\\("))

((program
   (export_statement
     declaration: [(lexical_declaration
        [(variable_declarator
           name: (identifier) @name
           value: [(number) (string) (template_string) (regex) (true) (false) (null)
             (undefined) (identifier) (array) (object) (call_expression)
             (new_expression) (member_expression) (subscript_expression)
             (binary_expression) (unary_expression) (ternary_expression)
             (parenthesized_expression) (await_expression)
             (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
         (variable_declarator name: (identifier) @name !value)] @definition.const)
     (variable_declaration
        [(variable_declarator
           name: (identifier) @name
           value: [(number) (string) (template_string) (regex) (true) (false) (null)
             (undefined) (identifier) (array) (object) (call_expression)
             (new_expression) (member_expression) (subscript_expression)
             (binary_expression) (unary_expression) (ternary_expression)
             (parenthesized_expression) (await_expression)
             (as_expression) (satisfies_expression) (non_null_expression) (type_assertion)])
         (variable_declarator name: (identifier) @name !value)] @definition.const)]))
 (#not-match? @definition.const "^[^=]*=\\s*require\\("))

; declare const VERSION: string
(ambient_declaration
  (lexical_declaration . (variable_declarator name: (identifier) @name) .)) @definition.const
