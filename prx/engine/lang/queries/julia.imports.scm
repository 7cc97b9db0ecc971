; Julia imports: the modules of ``using`` / ``import`` as written (``Dates``, ``Base.Threads``,
; relative ``..Sub.Inner``; for ``using A: x, y`` / ``import A as B`` the module ``A``),
; and the file of ``include("file.jl")`` (also ``include(joinpath(@__DIR__, "file.jl"))``),
; a path relative to the including file.
; Compile cost: naming ``string_literal`` under an argument list costs the query compiler
; ~20 ms on this grammar, so the include argument is a wildcard checked by its text.

([(using_statement [(identifier) (import_path)] @import)
  (import_statement [(identifier) (import_path)] @import)
  (using_statement [(selected_import . (_) @import) (import_alias . (_) @import)])
  (import_statement [(selected_import . (_) @import) (import_alias . (_) @import)])])

((call_expression
   (identifier) @_include
   (argument_list . (_) @import .))
  (#eq? @_include "include")
  (#match? @import "^\"[^\"$]*\"$"))

((call_expression
   (identifier) @_include
   (argument_list . (_ (identifier) @_join (_ (macrocall_expression) . (_) @import .)) .))
  (#eq? @_include "include")
  (#eq? @_join "joinpath")
  (#match? @import "^\"[^\"$]*\"$"))
