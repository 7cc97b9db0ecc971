; Lua outline: functions (``function M.foo()``, ``function M:bar()`` and ``local function
; f()`` are named as written), functions assigned to a variable or a table field
; (``local f = function () end``, ``M.f = function () end``), and top-level UPPER_CASE
; constants (``local MAX = 10`` or global ``MAX = 10``;
; at least two characters, so the module table ``local M = {}`` is not one).

(function_declaration name: (_) @name body: (block)? @body) @definition.function

; local f = function () end (one variable); the local declaration is the definition
(variable_declaration
  (assignment_statement
    (variable_list . (identifier) @name .)
    (expression_list . (function_definition body: (block)? @body) .))) @definition.function

; f = function () end / M.f = function () end / M.sub.f = function () end
(assignment_statement
  (variable_list . [(identifier) (dot_index_expression)] @name .)
  (expression_list . (function_definition body: (block)? @body) .)) @definition.function

; top-level constants
((chunk
   (variable_declaration
     (assignment_statement
       (variable_list . (identifier) @name .)
       (expression_list . (_) @_value .))) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]+$")
  (#not-match? @_value "^function[^A-Za-z0-9_]"))

((chunk
   (assignment_statement
     (variable_list . (identifier) @name .)
     (expression_list . (_) @_value .)) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]+$")
  (#not-match? @_value "^function[^A-Za-z0-9_]"))
