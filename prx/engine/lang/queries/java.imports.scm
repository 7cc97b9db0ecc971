; Java imports: the imported name of every import declaration; for a wildcard
; `import a.b.*;` the package `a.b`, for `import static a.B.m;` the member `a.B.m`.
(import_declaration [(scoped_identifier) (identifier)] @import)
