; F# imports: the namespace or module of every ``open`` (``open System.IO`` gives
; ``System.IO``; ``open type X`` is skipped: this grammar misparses it), the target of a
; module abbreviation (``module L = Argu.Utils.List`` gives ``Argu.Utils.List``), and the
; file paths of a script's ``#load "a.fsx"``. ``#r`` references (assemblies, NuGet
; packages) are no imports of the project's files and are left out.

((import_decl (long_identifier) @import)
  (#not-eq? @import "type"))

(module_abbrev block: (long_identifier) @import)

(fsi_directive_decl "#load" (string) @import)
