; Rust imports: the path of every `use` declaration (for a `use a::b::{c, d}` list or an
; `a::b::*` glob, the common path `a::b`; for `use a::b as c`, the path `a::b`),
; every `extern crate`, and every out-of-line module declaration `mod name;`.

(use_declaration argument: [
  (identifier)
  (scoped_identifier)
  (crate)
  (self)
  (super)
] @import)
(use_declaration argument: (scoped_use_list path: (_) @import))
(use_declaration argument: (use_wildcard (_) @import))
(use_declaration argument: (use_as_clause path: (_) @import))
; `use {a, b};`: each entry of the bare list.
(use_declaration argument: (use_list [(identifier) (scoped_identifier)] @import))
(use_declaration argument: (use_list (scoped_use_list path: (_) @import)))

(extern_crate_declaration name: (identifier) @import)

(mod_item name: (identifier) @import !body)
