; VHDL outline: the design units (``entity``, ``architecture`` named by its own name,
; ``package``, ``package body`` named by its package, a package instantiation
; ``package p is new ...``, ``configuration``, ``context``: module), each subprogram
; (``function`` / ``procedure``, its body or its declaration in a package or protected type:
; function, or method inside a protected type; each overload its own entry), types and
; subtypes (type; a ``protected`` type or its body is a class), ``alias``es (an alias of a
; subprogram, ``alias push_int is push[queue_t, integer]``, is a function; others a type),
; and the ``constant``s of a package or package body (const; ``constant a, b : t`` is one
; entry, named by its first name).
;
; Only the declarations of a design unit count: those of a package, package body,
; architecture, entity or protected type. Not definitions: declarations inside a
; subprogram or a process (locals), an architecture's constants and signals (its
; internals, like a Verilog module's), shared variables, ports and generics, record fields,
; attributes, component declarations (they restate an entity defined elsewhere), processes
; and instances, ``library`` and ``use`` clauses.

; ---- design units ---------------------------------------------------------------------

(entity_declaration name: (_) @name) @definition.module
(architecture_body name: (_) @name) @definition.module
(package_declaration name: (_) @name) @definition.module
(package_body package: (_) @name) @definition.module
(package_instantiation_declaration name: (_) @name) @definition.module
(configuration_declaration name: (_) @name) @definition.module
(context_declaration name: (_) @name) @definition.module

; ---- declarations of a design unit or protected type ------------------------------------
; (@_unit is the declarative part's owner, told by its first word: a subprogram's or a
; process's declarations are locals.)

((_
   (declarative_part
     [(function_body designator: (_) @name) @definition.function
      (procedure_body designator: (_) @name) @definition.function
      (function_declaration designator: (_) @name) @definition.function
      (procedure_declaration designator: (_) @name) @definition.function
      (full_type_declaration name: (_) @name
        [(protected_type_declaration) (protected_type_body)]) @definition.class
      (full_type_declaration name: (_) @name
        [(enumeration_type_definition) (record_type_definition) (constrained_array_definition)
         (unbounded_array_definition) (access_type_definition) (file_type_definition)
         (physical_type_definition) (numeric_type_definition)]) @definition.type
      (subtype_declaration name: (_) @name) @definition.type
      (alias_declaration designator: (_) @name (signature)) @definition.function])) @_unit
  (#match? @_unit "(?i)^(entity|architecture|package|protected)[ \t\r\n]"))

((_
   (declarative_part
     (alias_declaration designator: (_) @name) @definition.type)) @_unit
  (#match? @_unit "(?i)^(entity|architecture|package|protected)[ \t\r\n]")
  (#not-match? @definition.type "\\["))

; Constants: a package's or a package body's only.
(package_declaration (declarative_part (constant_declaration (identifier_list . (_) @name)) @definition.const))
(package_body (declarative_part (constant_declaration (identifier_list . (_) @name)) @definition.const))
