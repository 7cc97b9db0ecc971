; Lua imports: the literal module name given to require (``require "x"``,
; ``require("x")``, ``require [[x]]``) or to ``pcall(require, "x")``.

((function_call
   name: (identifier) @_require
   arguments: (arguments . (string content: (string_content) @import) .))
  (#eq? @_require "require"))

((function_call
   name: (identifier) @_pcall
   arguments: (arguments . (identifier) @_require . (string content: (string_content) @import)))
  (#eq? @_pcall "pcall")
  (#eq? @_require "require"))
