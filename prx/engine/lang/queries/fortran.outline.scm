; Fortran outline: program units (``module``, ``submodule``, ``program``, ``block data``:
; module), each ``function`` and ``subroutine`` (function: module procedures, internal
; procedures after a ``contains`` nested under their host, external procedures, the
; interface bodies of an ``interface`` block, and a submodule's ``module procedure``),
; derived types (``type :: name ... end type``: struct), named (generic) interfaces
; (``interface swap``, ``interface operator(==)``: interface), and a module's named
; constants (each name of a ``parameter`` declaration in a module's specification part,
; at its own line: const).
;
; Not definitions: ``use`` and ``include``, variables (a module's too), a ``parameter``
; of a program or procedure (a local), derived-type components and type-bound procedure
; bindings (``procedure :: norm => point_norm``: the procedure is the definition),
; unnamed ``enum``s and their enumerators, ``abstract interface`` / unnamed interface
; blocks themselves (their bodies are definitions).

; ---- program units --------------------------------------------------------------------

(module (module_statement (name) @name)) @definition.module
(submodule (submodule_statement (name) @name)) @definition.module
(program (program_statement (name) @name)) @definition.module
(block_data (block_data_statement (name) @name)) @definition.module

; ---- procedures -----------------------------------------------------------------------

(function (function_statement name: (_) @name)) @definition.function
(subroutine (subroutine_statement name: (_) @name)) @definition.function
(module_procedure (module_procedure_statement name: (_) @name)) @definition.function

; ---- types and generic interfaces -----------------------------------------------------

(derived_type_definition (derived_type_statement (type_name) @name)) @definition.struct
(interface (interface_statement [(name) (operator) (assignment)] @name)) @definition.interface

; ---- a module's named constants --------------------------------------------------------

((module
   (variable_declaration
     (type_qualifier) @_qualifier
     declarator: (init_declarator left: [(identifier) @name (sized_declarator (identifier) @name)]) @definition.const))
  (#match? @_qualifier "(?i)^parameter$"))
