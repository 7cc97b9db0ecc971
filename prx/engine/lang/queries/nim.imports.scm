; Nim imports: each module of ``import a, b/c, "d/e", ../f`` as written (``b/c``,
; ``d/e``, ``../f``), the module of ``import a/b as x`` (``a/b``) and of ``import a except
; x``, the module of ``from a/b import x``, and each file of ``include``. A grouped import
; ``import std/[a, b]`` is one string, ``std/[a, b]``, for the resolver to expand.
; ``export`` re-exports what is already imported and is no import. Wildcards rather than
; node types keep the query cheaper to compile on this large grammar.

((import_statement (expression_list (_) @import))
  (#not-match? @import "\\sas\\s"))

(import_statement (expression_list (infix_expression left: (_) @import "as")))

(import_statement (_) @import . (except_clause))

(import_from_statement module: (_) @import)

(include_statement (expression_list (_) @import))
