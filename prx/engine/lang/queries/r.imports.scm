; R imports: the package attached or loaded by ``library(pkg)`` / ``library("pkg")``,
; ``require``, ``requireNamespace`` and ``loadNamespace`` (first, unnamed argument), and
; the file run by ``source("file.R")`` / ``sys.source("file.R")``. Package code imports
; through its NAMESPACE file (roxygen ``@import`` / ``@importFrom``), which is no R code,
; and ``pkg::fn`` calls are uses, not imports.

((call
   function: (identifier) @_function
   arguments: (arguments
     . (argument !name value: [(identifier) @import (string (string_content) @import)])))
  (#match? @_function "^(library|require|requireNamespace|loadNamespace)$"))

((call
   function: (identifier) @_function
   arguments: (arguments . (argument !name value: (string (string_content) @import))))
  (#match? @_function "^(source|sys\\.source)$"))
