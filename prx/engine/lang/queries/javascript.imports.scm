; JavaScript imports: ES import/export-from sources, require("x") and dynamic import("x")
; with a literal argument (a template literal only without substitutions).

(import_statement source: (string) @import)

(export_statement source: (string) @import)

((call_expression
   function: (identifier) @_require
   arguments: (arguments . [(string) (template_string)] @import .))
  (#eq? @_require "require")
  (#not-match? @import "\\$\\{"))

((call_expression
   function: (import)
   arguments: (arguments . [(string) (template_string)] @import))
  (#not-match? @import "\\$\\{"))
