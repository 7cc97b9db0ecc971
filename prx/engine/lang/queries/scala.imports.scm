; Scala imports: the imported names. This grammar has no single node for an import's
; path (`a.b.C` is three `path:` identifiers), and the engine takes one node per
; import, so the full path cannot be captured; what is captured is the name each
; import brings into scope:
;   import a.b.C           -> C
;   import a.b.{C => D, E}  -> C, E
;   import a.b._ / a.b.*   -> b   (the package whose members are imported)
; (A `path:` field pattern only sees the path's first identifier, hence no field here.)
(import_declaration (identifier) @import .)
(import_declaration (identifier) @import . (namespace_wildcard))
(import_declaration
  (namespace_selectors [
    (identifier) @import
    (arrow_renamed_identifier name: (identifier) @import)
  ]))
