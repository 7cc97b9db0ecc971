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

; A JSDoc comment's type imports (``@typedef {import("./command.js").Command} Command``,
; ``@param {import('./x').T} t``): what tsc's checkJs reads as ``import type``. Every
; ``import("..")`` of the comment is one (prx.engine.lang.imports).
((comment) @import
  (#match? @import "^/\\*\\*(.|\n)*import\\s*\\(\\s*[\"']"))
