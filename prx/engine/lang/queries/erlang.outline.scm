; Erlang outline: functions (one entry per function, at its first clause, named by its atom:
; `rfc1123/0` and `rfc1123/1` are two entries named `rfc1123`), records (struct), `-type`
; and `-opaque` (type), `-define` macros (macro when they take arguments, else const) and
; `-callback` declarations (function). `-spec`s are not definitions (the function is), nor
; is `-module` (the file is the module).
;
; This grammar makes each clause of a function its own `fun_decl` (ending with `;`, the
; last with `.`), so a clause is reported only when the form before it (comments skipped)
; is not a clause ending with `;`. Its body is the first clause's, so a skeleton elides
; that one.

((source_file
   .
   (comment)*
   .
   (fun_decl
     clause: (function_clause name: (atom) @name body: (clause_body) @body)) @definition.function))

((source_file
   (_) @_previous
   .
   (comment)*
   .
   (fun_decl
     clause: (function_clause name: (atom) @name body: (clause_body) @body)) @definition.function)
  (#not-match? @_previous ";$")
  (#not-match? @_previous "^%"))

(record_decl name: (atom) @name) @definition.struct

(type_alias name: (type_name name: (atom) @name)) @definition.type
(opaque name: (type_name name: (atom) @name)) @definition.type

(pp_define lhs: (macro_lhs name: (_) @name args: (var_args))) @definition.macro
(pp_define lhs: (macro_lhs name: (_) @name !args)) @definition.const

(callback fun: (atom) @name) @definition.function
