; TypeScript imports: ES import/export-from sources (``import type`` included),
; ``import x = require("x")``, require("x") and dynamic import("x") with a literal argument
; (a template literal only without substitutions; ``import("x")`` types included).

(import_statement source: (string) @import)

(import_statement (import_require_clause source: (string) @import))

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
