; Nim outline: routines (``proc``, ``func``, ``iterator``, ``converter`` -> function,
; ``method`` -> method, ``template`` and ``macro`` -> macro; bodiless ones such as
; ``{.importc.}`` bindings and forward declarations included; a routine inside another nests
; under it), the types of ``type`` sections (``object`` and ``ref object`` -> struct, tuple
; types -> struct, ``enum`` -> enum, ``concept`` -> interface, any other (``distinct``,
; aliases, proc types) -> type), and the module's ``const`` (const), ``let`` and ``var``
; (variable) names, in the file's top level or a top-level ``when`` branch (not locals).
; Names drop the export marker ``*`` and the backquotes of ``proc `$`*``. Object fields
; and enum values are not definitions. A ``let a, b = 1`` is one definition, named ``a``.

(proc_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.function
(func_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.function
(iterator_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.function
(converter_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.function
(method_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.method
(template_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.macro
(macro_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))] body: (_)? @body) @definition.macro

; ---- types ----
(type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) [(object_declaration) (tuple_type)]) @definition.struct
((type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) [(ref_type) (pointer_type) (type_expression)] @_value) @definition.struct
  (#match? @_value "^((ref|ptr)\\s+object|tuple)([^A-Za-z0-9_]|$)"))
(type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) (enum_declaration)) @definition.enum
(type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) (concept_declaration)) @definition.interface
(type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) (distinct_type)) @definition.type
((type_declaration (type_symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]) [(ref_type) (pointer_type) (type_expression)] @_value) @definition.type
  (#not-match? @_value "^((ref|ptr)\\s+object|tuple)([^A-Za-z0-9_]|$)"))

; ---- module-level const, let and var (one alternation each: separate patterns cost the
; query compiler several times more on this large grammar) ----

(source_file
  [(const_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.const)
   (let_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)
   (var_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)])

(source_file
  (when
    [(statement_list
       [(const_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.const)
   (let_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)
   (var_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)])
     (_ (statement_list
       [(const_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.const)
   (let_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)
   (var_section (variable_declaration (symbol_declaration_list . (symbol_declaration name: [(identifier) @name (exported_symbol (identifier) @name) (accent_quoted (identifier) @name) (exported_symbol (accent_quoted (identifier) @name))]))) @definition.variable)]))]))
