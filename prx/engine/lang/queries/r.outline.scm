; R outline: functions assigned to a name (``f <- function(x) ...``, ``f = ...``,
; ``f <<- ...``, the ``\(x)`` shorthand too; a function assigned inside another nests
; under it), named as written: ``filter.data.frame``, ``obj$method``, a backquoted
; `` `[.grouped_df` `` with its backquotes, a quoted ``"f<-"`` without its quotes.
; R6 classes (``Name <- R6Class(...)`` / ``R6::R6Class``) are classes whose ``public``,
; ``private`` and ``active`` functions are methods; S4 ``setClass`` / ``setRefClass`` are
; classes, ``setGeneric`` functions and ``setMethod`` methods (named by the generic).
;
; Not definitions: other assignments (data, options, ``the <- new_environment()``),
; anonymous functions passed to calls, R6 fields. A roxygen block is comments before
; the definition, so a function starts at its name.

; ---- functions ------------------------------------------------------------------------

(binary_operator
  lhs: [(identifier) @name (string (string_content) @name) (extract_operator) @name]
  operator: ["<-" "<<-" "="]
  rhs: (function_definition body: (_) @body)) @definition.function

; ---- R6 classes and their methods ----------------------------------------------------------

((binary_operator
   lhs: (identifier) @name
   operator: ["<-" "<<-" "="]
   rhs: (call
     function: [(identifier) (namespace_operator)] @_constructor
     arguments: (arguments) @body)) @definition.class
  (#match? @_constructor "^(R6::)?R6Class$"))

((call
   function: [(identifier) (namespace_operator)] @_constructor
   arguments: (arguments
     (argument
       name: (identifier) @_section
       value: (call
         function: (identifier) @_list
         arguments: (arguments
           (argument
             name: (identifier) @name
             value: (function_definition body: (_) @body)) @definition.method)))))
  (#match? @_constructor "^(R6::)?R6Class$")
  (#match? @_section "^(public|private|active)$")
  (#eq? @_list "list"))

; ---- S4 ------------------------------------------------------------------------------------

((call
   function: (identifier) @_setter
   arguments: (arguments . (argument value: (string (string_content) @name)))) @definition.class
  (#match? @_setter "^(setClass|setRefClass)$"))

((call
   function: (identifier) @_setter
   arguments: (arguments . (argument value: (string (string_content) @name)))) @definition.function
  (#eq? @_setter "setGeneric"))

((call
   function: (identifier) @_setter
   arguments: (arguments . (argument value: (string (string_content) @name)))) @definition.method
  (#eq? @_setter "setMethod"))
