; TOML outline.
;   [table] / [[array.of.tables]] -> struct named by its key as written (`server.cors`,
;                                    `registries."docker hub"`); every [[x]] element is listed
;   top-level key = value          -> const (keys inside tables are not listed)
; Tables are siblings in the syntax tree, so [a.b] is not nested under [a].
; A top-level value spanning several lines (a multi-line array) is left out of the
; signature, which is then the key alone; other values stay on the signature line.

(table
  [(bare_key) (quoted_key) (dotted_key)] @name) @definition.struct

(table_array_element
  [(bare_key) (quoted_key) (dotted_key)] @name) @definition.struct

(document
  (pair
    [(bare_key) (quoted_key) (dotted_key)] @name
    .
    (_) @body) @definition.const
  (#match? @body "^[\\[{][^\n]*\n"))

(document
  (pair
    [(bare_key) (quoted_key) (dotted_key)] @name
    .
    (_) @_value) @definition.const
  (#not-match? @_value "^[\\[{][^\n]*\n"))
