; PHP imports: the namespaces of ``use`` declarations (``use function`` / ``use const``
; included; a group use ``use A\B\{C, D}`` gives its prefix ``A\B``), and the literal paths
; of require / include (_once); ``__DIR__ . '/x.php'`` gives ``/x.php`` (relative to the
; file's directory). Trait ``use`` inside a class is not an import.

(namespace_use_declaration (namespace_use_clause . [(qualified_name) (name)] @import))

(namespace_use_declaration (namespace_name) @import (namespace_use_group))

([(require_expression [(string) (encapsed_string)] @import)
  (require_once_expression [(string) (encapsed_string)] @import)
  (include_expression [(string) (encapsed_string)] @import)
  (include_once_expression [(string) (encapsed_string)] @import)
  (require_expression (parenthesized_expression [(string) (encapsed_string)] @import))
  (require_once_expression (parenthesized_expression [(string) (encapsed_string)] @import))
  (include_expression (parenthesized_expression [(string) (encapsed_string)] @import))
  (include_once_expression (parenthesized_expression [(string) (encapsed_string)] @import))]
 (#not-match? @import "^\"[^\"]*\\$"))

; require __DIR__ . '/x.php' (a wildcard parent with a predicate: an explicit
; binary_expression pattern costs the query compiler ~60 ms)
([(require_expression (_ right: [(string) (encapsed_string)] @import) @_argument)
  (require_once_expression (_ right: [(string) (encapsed_string)] @import) @_argument)
  (include_expression (_ right: [(string) (encapsed_string)] @import) @_argument)
  (include_once_expression (_ right: [(string) (encapsed_string)] @import) @_argument)]
 (#match? @_argument "^__DIR__\\s*\\.")
 (#not-match? @import "^\"[^\"]*\\$"))
