; Kotlin imports: the imported name of every import header; for a wildcard `a.b.*`
; the package `a.b`, for an alias `a.B as C` the name `a.B`.
(import_header (identifier) @import)
