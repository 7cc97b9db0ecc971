; Clojure imports: the namespaces of an `ns` form's `:require` / `:use` (`[a.b :as x]` and a
; bare `a.b`) and of a top-level `(require '[a.b ...])` / `(require 'a.b)` / `use`; for
; `:import`, a bare class (`java.net.URL`) or the package of a list (`(java.io File)` ->
; `java.io`). Prefix lists (`(:require (clojure [set] [string]))`) are not expanded.

((list_lit
   .
   (sym_lit name: (sym_name) @_ns)
   (list_lit
     .
     (kwd_lit name: (kwd_name) @_keyword)
     [(vec_lit . (sym_lit) @import)
      (sym_lit) @import]))
  (#eq? @_ns "ns")
  (#match? @_keyword "^(require|use)$"))

((list_lit
   .
   (sym_lit name: (sym_name) @_ns)
   (list_lit
     .
     (kwd_lit name: (kwd_name) @_keyword)
     [(vec_lit . (sym_lit) @import)
      (list_lit . (sym_lit) @import)
      (sym_lit) @import]))
  (#eq? @_ns "ns")
  (#eq? @_keyword "import"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     (quoting_lit
       [(vec_lit . (sym_lit) @import)
        (sym_lit) @import])))
  (#match? @_keyword "^(require|use)$"))
