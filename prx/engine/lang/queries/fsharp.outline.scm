; F# outline: namespaces, modules (top-level ``module A.B`` and nested ``module M =``),
; types (classes and other object types -> class, unions and enums -> enum, records ->
; record, interfaces, type abbreviations and delegates -> type, extensions ``type T with``
; -> impl named by the extended type, ``exception E of ...`` -> class), members of types
; (``member``, ``static member``, ``abstract``, ``override``, ``default``, ``member val``
; and ``new`` constructors, all methods: F# outlines list properties with methods), and
; let bindings of namespaces, modules and scripts: functions (``let f x``, ``let f = fun``,
; the ``and`` functions of ``let rec``, active patterns) and values (const). A class's own
; ``let`` functions are its methods; its ``let`` values are fields and are not reported,
; nor are local lets, union cases, record fields or members of object expressions.
; Attributes (``[<Literal>]``) are part of the declaration, so they start the signature.
; A definition's body is what follows its ``=``, so signatures end before it. The types of
; a ``type A ... and B ...`` group, and the ``and`` functions of a ``let rec``, start at
; their own name (see below).

; ---- namespaces and modules --------------------------------------------------------------

(namespace name: (long_identifier) @name . (_)? @body) @definition.namespace

(named_module name: (long_identifier) @name . (_)? @body) @definition.module

(module_defn (identifier) @name . "=" . (_) @body) @definition.module

; ---- types --------------------------------------------------------------------------------
; A lone type is its whole type_definition (attributes and ``type`` included). The grammar
; gives a ``type A ... and B ...`` group one type_definition, so each type of a group is its
; own node, which starts at its name (the first) or at what follows ``and``.
; The grammar parses interfaces as classes: a class-like type with no primary constructor,
; an ``abstract`` member and no concrete member (nor ``[<AbstractClass>]``) is an interface.

; lone types
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type .) @definition.interface
  (#match? @_type "^[^=(]*=") (#match? @_type "\\babstract\\s") (#not-match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s")
  (#not-match? @definition.interface "^\\[<[^\\n]*AbstractClass"))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type .) @definition.class (#not-match? @_type "^[^=(]*="))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type .) @definition.class (#not-match? @_type "\\babstract\\s"))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type .) @definition.class (#match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s"))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type .) @definition.class (#match? @definition.class "^\\[<[^\\n]*AbstractClass"))
(type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) !block) .) @definition.class
(type_definition "type" . (type_extension (type_name type_name: (_) @name) (type_extension_elements) @body) .) @definition.impl
(type_definition "type" . (union_type_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.enum
(type_definition "type" . (enum_type_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.enum
(type_definition "type" . (record_type_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.record
(type_definition "type" . (interface_type_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.interface
(type_definition "type" . (type_abbrev_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.type
(type_definition "type" . (delegate_type_defn (type_name type_name: (_) @name) "=" . (_) @body) .) @definition.type

; the first type of a group
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.interface "and")
  (#match? @_type "^[^=(]*=") (#match? @_type "\\babstract\\s") (#not-match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s"))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class "and") (#not-match? @_type "^[^=(]*="))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class "and") (#not-match? @_type "\\babstract\\s"))
((type_definition "type" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class "and") (#match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s"))
(type_definition "type" . (union_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.enum "and")
(type_definition "type" . (enum_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.enum "and")
(type_definition "type" . (record_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.record "and")
(type_definition "type" . (interface_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.interface "and")
(type_definition "type" . (type_abbrev_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.type "and")
(type_definition "type" . (delegate_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.type "and")

; the types after and
((type_definition "and" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.interface)
  (#match? @_type "^[^=(]*=") (#match? @_type "\\babstract\\s") (#not-match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s"))
((type_definition "and" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class) (#not-match? @_type "^[^=(]*="))
((type_definition "and" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class) (#not-match? @_type "\\babstract\\s"))
((type_definition "and" . (anon_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @_type @definition.class) (#match? @_type "\\n\\s*(member|override|default|let|new|static|val|inherit|do|interface)\\s"))
(type_definition "and" . (union_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.enum)
(type_definition "and" . (enum_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.enum)
(type_definition "and" . (record_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.record)
(type_definition "and" . (interface_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.interface)
(type_definition "and" . (type_abbrev_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.type)
(type_definition "and" . (delegate_type_defn (type_name type_name: (_) @name) "=" . (_) @body) @definition.type)

(exception_definition exception_name: (_) @name) @definition.class

; ---- members of types (not of object expressions) ------------------------------------------

(type_extension_elements
  (member_defn
    (method_or_prop_defn name: [(property_or_ident method: (identifier) @name) (property_or_ident . (identifier) @name .)] "=" . (_) @body)) @definition.method)
(type_extension_elements
  (interface_implementation
    (member_defn
      (method_or_prop_defn name: [(property_or_ident method: (identifier) @name) (property_or_ident . (identifier) @name .)] "=" . (_) @body)) @definition.method))
; property with accessors: ``member x.P with get () = ...``
(type_extension_elements
  (member_defn
    (method_or_prop_defn name: [(property_or_ident method: (identifier) @name) (property_or_ident . (identifier) @name .)] "with" @body)) @definition.method)
; ``member val P = ... with get, set``
(type_extension_elements
  (member_defn "val" (property_or_ident (identifier) @name) "=" . (_) @body) @definition.method)
; ``abstract M : int -> int``
(type_extension_elements
  (member_defn (member_signature . (identifier) @name)) @definition.method)
(type_extension_elements
  (member_defn (additional_constr_defn "new" @name "=" . (_) @body)) @definition.constructor)

; a class's own let functions (its let values are fields)
(type_extension_elements
  (function_or_value_defn
    (function_declaration_left [(identifier) (active_pattern) (op_identifier)] @name)
    body: (_) @body) @definition.function)

; ---- let bindings of files, namespaces and modules ----------------------------------------
; A local ``let`` has the expression it scopes as its last child; a let of a file, namespace
; or module (or of a top-level region the parser could not read) ends with its binding.
; Functions: ``let f x``, ``let f = fun x -> ...``, and the ``and`` functions of ``let rec f
; ... and g ...``, which start at their name. Any other value is a const.

(declaration_expression
  (function_or_value_defn
    (function_declaration_left [(identifier) (active_pattern) (op_identifier)] @name)
    body: (_) @body) .) @definition.function

(declaration_expression
  (function_or_value_defn
    "and" . (function_declaration_left [(identifier) (active_pattern) (op_identifier)] @name) @definition.function) .)

(declaration_expression
  (function_or_value_defn
    (value_declaration_left
      [(identifier_pattern (long_identifier_or_op . (identifier) @name .))
       (attribute_pattern (identifier_pattern (long_identifier_or_op . (identifier) @name .)))])
    body: [(fun_expression) (function_expression)] @body) .) @definition.function

((declaration_expression
   (function_or_value_defn
     (value_declaration_left
      [(identifier_pattern (long_identifier_or_op . (identifier) @name .))
       (attribute_pattern (identifier_pattern (long_identifier_or_op . (identifier) @name .)))])
     body: (_) @body) .) @definition.const
  (#not-match? @body "^(fun|function)[^A-Za-z0-9_']"))
