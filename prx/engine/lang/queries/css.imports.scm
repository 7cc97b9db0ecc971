; CSS imports: the URL of every @import, quoted or in url(...), with or without quotes.
(import_statement
  (string_value (string_content) @import))

(import_statement
  (call_expression
    (function_name) @_fn
    (arguments (string_value (string_content) @import)))
  (#eq? @_fn "url"))

(import_statement
  (call_expression
    (function_name) @_fn
    (arguments . (plain_value) @import .))
  (#eq? @_fn "url"))
