; Haskell outline: type classes (interface, their method signatures are methods),
; instances and standalone `deriving instance`s (impl, named by the class and its type
; arguments as written: `MonadReader r (ReaderT r m)`; their equations are methods),
; `data` and `newtype` (struct), `type` synonyms and type / data families (type),
; `foreign import`s and top-level functions (function).
;
; A function is reported once, at its first equation (`foo 0 = 1`, `bar = 3`, `x <+> y =`);
; its type signature is not a separate entry (as Elixir's @spec is not), and later
; equations of the same function are skipped: an equation counts only when the named
; node before it is not an equation of the same name. This grammar has one node per
; equation and queries cannot compare a node with all its predecessors, so a comment
; between two equations of one function makes the second one count too.
; Local bindings (`where`, `let`) and a class's default method equations are not reported;
; neither is the module header (the file is the module).

; ---- types -----------------------------------------------------------------------------

(class
  name: (name) @name
  "where"? @body) @definition.interface

(class_declarations
  (signature name: (_) @name) @definition.function)
(class_declarations
  (signature names: (binding_list) @name) @definition.function)
(class_declarations
  [(type_family name: (_) @name) (data_family name: (_) @name)] @definition.type)

(instance
  name: (_) @name
  patterns: (type_patterns)? @name
  "where"? @body) @definition.impl

(deriving_instance
  name: (_) @name
  patterns: (type_patterns)? @name) @definition.impl

(data_type name: (name) @name) @definition.struct
(newtype name: (name) @name) @definition.struct

(type_synomym name: (name) @name) @definition.type
(type_family name: (name) @name) @definition.type
(data_family name: (name) @name) @definition.type

; ---- functions -------------------------------------------------------------------------

(foreign_import signature: (signature name: (_) @name)) @definition.function

; An equation is named by its `name:` or, written infix (``x `op` y = ...``, `x <+> y = ...`),
; by its operator. The three patterns are written twice: for top-level declarations and for
; instance bodies.

; First in its list; after a node with another name (another function, a signature, a
; type...); after a signature (its own) or a node that has no name.
(declarations
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function)

(declarations
  [(_ name: (_) @_previous)
   (function (infix operator: [(infix_id (_) @_previous) (operator) @_previous]))] @_before
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function
  (#not-eq? @_previous @name))

(declarations
  [(signature) (comment) (haddock) (pragma) (cpp) (fixity) (pattern_synonym) (foreign_import)
   (foreign_export) (top_splice) (splice) (role_annotation) (default_types) (kind_signature)
   (type_instance) (data_instance) (deriving_instance)] @_before
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function)

; The same in instance bodies.
(instance_declarations
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function)

(instance_declarations
  [(_ name: (_) @_previous)
   (function (infix operator: [(infix_id (_) @_previous) (operator) @_previous]))] @_before
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function
  (#not-eq? @_previous @name))

(instance_declarations
  [(signature) (comment) (haddock) (pragma) (cpp) (fixity) (pattern_synonym) (foreign_import)
   (foreign_export) (top_splice) (splice) (role_annotation) (default_types) (kind_signature)
   (type_instance) (data_instance) (deriving_instance)] @_before
  .
  [(function name: (_) @name match: (_) @body)
   (bind name: (_) @name match: (_) @body)
   (function (infix operator: [(infix_id (_) @name) (operator) @name]) match: (_) @body)
  ] @definition.function)
