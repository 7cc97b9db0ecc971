; OCaml imports: the module path of every `open` / `open!` (top-level, in a struct, or a
; local `let open M in`) and of every `include` of a named module (`include Generic`).
; Qualified uses without an `open` (`Uri.of_string`) are not imports here.
(open_module module: (_) @import)
(include_module module: (module_path) @import)
