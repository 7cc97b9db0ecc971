; JavaScript outline. The javascript and typescript outline queries share one layout: keep
; the two files in step (tsx inherits typescript's).
;
; * functions: declarations, generators, and function or arrow values assigned to a
;   variable (named by the variable), also through React.memo / forwardRef / lazy;
; * classes with their methods and function-valued fields;
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

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class

(export_statement
  declaration: [
    (class_declaration name: (identifier) @name body: (class_body) @body)
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

; handler = (event) => { ... }
(class_body
  (field_definition
    property: (_) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (statement_block) @body)
    ]) @definition.method)

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
           (parenthesized_expression) (await_expression)])
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
           (parenthesized_expression) (await_expression)])
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
           (parenthesized_expression) (await_expression)])
       (variable_declarator name: (identifier) @name !value)] @definition.const)
   (variable_declaration
      [(variable_declarator
         name: (identifier) @name
         value: [(number) (string) (template_string) (regex) (true) (false) (null)
           (undefined) (identifier) (array) (object) (call_expression)
           (new_expression) (member_expression) (subscript_expression)
           (binary_expression) (unary_expression) (ternary_expression)
           (parenthesized_expression) (await_expression)])
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
             (parenthesized_expression) (await_expression)])
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
             (parenthesized_expression) (await_expression)])
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
             (parenthesized_expression) (await_expression)])
         (variable_declarator name: (identifier) @name !value)] @definition.const)
     (variable_declaration
        [(variable_declarator
           name: (identifier) @name
           value: [(number) (string) (template_string) (regex) (true) (false) (null)
             (undefined) (identifier) (array) (object) (call_expression)
             (new_expression) (member_expression) (subscript_expression)
             (binary_expression) (unary_expression) (ternary_expression)
             (parenthesized_expression) (await_expression)])
         (variable_declarator name: (identifier) @name !value)] @definition.const)]))
 (#not-match? @definition.const "^[^=]*=\\s*require\\("))
