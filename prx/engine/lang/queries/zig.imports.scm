; Zig imports: the literal string given to ``@import`` anywhere in a file, as written:
; a package (``"std"``, ``"builtin"``, ``"httpz"``: the build's module names) or a path
; relative to the importing file (``"t.zig"``, ``"middleware/Cors.zig"``).
; (The argument's expression nodes are wildcards: naming them costs the query compiler
; ~15 ms more on this grammar.)

((SuffixExpr
   (BUILTINIDENTIFIER) @_builtin
   (FnCallArguments (_ (_ (STRINGLITERALSINGLE) @import))))
  (#eq? @_builtin "@import"))
