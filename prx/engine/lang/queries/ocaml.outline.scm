; OCaml outline: module-level `let` bindings (function when it takes parameters or its value
; is a `fun` / `function`, else const; `let () = ...` and `let _ = ...` name nothing),
; `type`s, `module`s and functors (a module's functions stay functions), `module type`s
; (interface) with their `val`s (methods) and types, `exception`s (type), `external`s
; (function), classes and their methods. Local `let ... in` bindings are not definitions,
; and neither are the types and `val`s of a module's inline signature
; (`module M : sig ... end = struct ... end`): its `struct` is the outline.
; A `let`, `type` or `module` of one binding is the whole definition, so the keyword starts
; the signature (`let[@inline] f x` too); in `let rec f ... and g ...` each binding is one
; (nested in none).
; A `let` or `module` is matched under its parent (the file or a `struct`) to leave local
; ones (`let ... in`, `let module ... in`) out, so each pattern is written for both.

; ---- let bindings at the top level -----------------------------------------------------

(compilation_unit
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) .) @definition.function)
(compilation_unit
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) .) @definition.function)
(compilation_unit
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) @definition.function . (let_binding)))
(compilation_unit
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) @definition.function))
(compilation_unit
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) .) @definition.function)
(compilation_unit
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) .) @definition.function)
(compilation_unit
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) @definition.function . (let_binding)))
(compilation_unit
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) @definition.function))
((compilation_unit
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) .) @definition.const)
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((compilation_unit
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) .) @definition.const)
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((compilation_unit
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) @definition.const . (let_binding)))
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((compilation_unit
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) @definition.const))
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))

; ---- let bindings in a struct ----------------------------------------------------------

(structure
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) .) @definition.function)
(structure
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) .) @definition.function)
(structure
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) @definition.function . (let_binding)))
(structure
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name (parameter) body: (_) @body) @definition.function))
(structure
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) .) @definition.function)
(structure
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) .) @definition.function)
(structure
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) @definition.function . (let_binding)))
(structure
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name
      body: [(fun_expression) (function_expression)] @body) @definition.function))
((structure
  (value_definition . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) .) @definition.const)
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((structure
  (value_definition (attribute) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) .) @definition.const)
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((structure
  (value_definition (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) @definition.const . (let_binding)))
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))
((structure
  (value_definition (let_binding) . (let_binding
      pattern: [(value_name) (parenthesized_operator)] @name . [":" "="] @_separator
      body: (_) @_value) @definition.const))
  (#not-eq? @name "_")
  (#not-match? @_value "^fun(ction)?[^A-Za-z0-9_']"))

; ---- types, exceptions, externals ------------------------------------------------------

(compilation_unit (type_definition . (type_binding name: (_) @name) .) @definition.type)
(compilation_unit (type_definition (type_binding name: (_) @name) @definition.type . (type_binding)))
(compilation_unit (type_definition (type_binding) . (type_binding name: (_) @name) @definition.type))
(structure (type_definition . (type_binding name: (_) @name) .) @definition.type)
(structure (type_definition (type_binding name: (_) @name) @definition.type . (type_binding)))
(structure (type_definition (type_binding) . (type_binding name: (_) @name) @definition.type))

(exception_definition (constructor_declaration (constructor_name) @name)) @definition.type

(external (value_name) @name) @definition.function

; ---- modules and module types ----------------------------------------------------------

(compilation_unit (module_definition . (module_binding (module_name) @name body: (_)? @body) .) @definition.module)
(compilation_unit (module_definition (module_binding (module_name) @name body: (_)? @body) @definition.module . (module_binding)))
(compilation_unit (module_definition (module_binding) . (module_binding (module_name) @name body: (_)? @body) @definition.module))
(structure (module_definition . (module_binding (module_name) @name body: (_)? @body) .) @definition.module)
(structure (module_definition (module_binding (module_name) @name body: (_)? @body) @definition.module . (module_binding)))
(structure (module_definition (module_binding) . (module_binding (module_name) @name body: (_)? @body) @definition.module))

(module_type_definition (module_type_name) @name body: (_)? @body) @definition.interface
(module_type_definition body: (signature (value_specification (value_name) @name) @definition.function))
(module_type_definition body: (signature (type_definition . (type_binding name: (_) @name) .) @definition.type))
(module_type_definition body: (signature (type_definition (type_binding name: (_) @name) @definition.type . (type_binding))))
(module_type_definition body: (signature (type_definition (type_binding) . (type_binding name: (_) @name) @definition.type)))

; ---- classes ---------------------------------------------------------------------------

(class_definition . (class_binding (class_name) @name body: (_) @body)) @definition.class
(method_definition (method_name) @name body: (_) @body) @definition.method
