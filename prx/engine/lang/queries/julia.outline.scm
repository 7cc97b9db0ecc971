; Julia outline: modules and baremodules (``module`` -> class; their functions stay
; functions), functions in every form (``function f(x) ... end``, the short ``f(x) = ...``,
; with ``where`` clauses and return types, ``function g end``, and inside a struct as inner
; constructors, which become methods), named as written: ``Base.show``, ``Base.:(==)``;
; each method of a multiple-dispatch function is its own symbol. Also macros, structs
; (``mutable`` ones too), abstract and primitive types (``type``) and ``const`` globals.
;
; Not definitions: struct fields, non-``const`` globals (``x = 5``), anonymous functions.
; A docstring or a macro before a definition (``@inline function f() ... end``) is a
; sibling or a wrapper, so the definition starts at ``function`` / the function's name.
;
; Compile cost: this grammar is large, and naming the node types of a signature's parts
; costs the query compiler ~10 ms a pattern, so the parts between a definition and its
; name are wildcards (a signature holds only calls, return types and ``where`` clauses), and
; a short-form function is told from an indexed or field assignment (``v(r)[j] = x``) by
; its left side, which must end with the call's ``)``, a return type or a ``where`` clause.

; ---- modules and types ----------------------------------------------------------------

(module_definition name: (identifier) @name (block)? @body) @definition.module

; ``Name``, ``Name{T}``, ``Name <: Super``, ``Name{T} <: Super{T}``
(struct_definition
  (type_head [(identifier) @name (_ . (identifier) @name) (_ . (_ . (identifier) @name))])
  (block)? @body) @definition.struct

(abstract_definition
  (type_head [(identifier) @name (_ . (identifier) @name) (_ . (_ . (identifier) @name))])) @definition.type

(primitive_definition
  (type_head [(identifier) @name (_ . (identifier) @name) (_ . (_ . (identifier) @name))])) @definition.type

; ---- functions: ``function name(args) ... end`` -------------------------------------------
; The call may sit under a return type (``f(x)::Int``) and/or a ``where`` clause; a
; parametric constructor ``Thing{T}(...)`` is named ``Thing``.

((function_definition
   (signature [
     (identifier) @name
     (call_expression . (parametrized_type_expression . (identifier) @name))
     (_ . (call_expression . (parametrized_type_expression . (identifier) @name)))
     (_ . (_ . (call_expression . (parametrized_type_expression . (identifier) @name))))
     (call_expression . (_) @name)
     (_ . (call_expression . (_) @name))
     (_ . (_ . (call_expression . (_) @name)))
   ])
   (block)? @body) @definition.function
  (#not-match? @name "}$"))

; ---- functions: the short form ``name(args) = expr`` ------------------------------------------

((assignment
   .
   [
     (call_expression . (parametrized_type_expression . (identifier) @name))
     (_ . (call_expression . (parametrized_type_expression . (identifier) @name)))
     (_ . (_ . (call_expression . (parametrized_type_expression . (identifier) @name))))
     (call_expression . (_) @name)
     (_ . (call_expression . (_) @name))
     (_ . (_ . (call_expression . (_) @name)))
   ] @_left
   (_) @body .) @definition.function
  (#match? @_left "\\)([ \t]*::[^=]*|[ \t\r\n]+where[ \t\r\n][^=]*)?$")
  (#not-match? @name "}$"))

; ---- macros and constants ----------------------------------------------------------------

(macro_definition
  (signature (call_expression . (identifier) @name))
  (block)? @body) @definition.macro

(const_statement
  (assignment . [(identifier) @name (_ . (identifier) @name)])) @definition.const
