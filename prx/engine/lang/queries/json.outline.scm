; JSON outline: the keys of the top-level object, as const, named without their quotes.
; A value spanning several lines (an object or array) is left out of the signature, which
; is then the quoted key alone; other values stay on it (`"version": "2.4.1"`).

(document
  (object
    (pair
      key: (string (string_content) @name)
      value: (_) @body) @definition.const)
  (#match? @body "^[\\[{][^\n]*\n"))

(document
  (object
    (pair
      key: (string (string_content) @name)
      value: (_) @_value) @definition.const)
  (#not-match? @_value "^[\\[{][^\n]*\n"))
