; PHP imports: the namespaces of ``use`` declarations (``use function`` / ``use const``
; included; a group use ``use A\B\{C, D}`` gives its prefix ``A\B``), and the literal paths
; of require / include (_once); ``__DIR__ . '/x.php'`` gives ``/x.php`` (relative to the
; file's directory). Trait ``use`` inside a class is not an import.

(namespace_use_declaration (namespace_use_clause [(qualified_name) (name)] @import))

(namespace_use_declaration (namespace_name) @import (namespace_use_group))


([(require_expression [(string) (encapsed_string)] @import)
  (require_once_expression [(string) (encapsed_string)] @import)
  (include_expression [(string) (encapsed_string)] @import)
  (include_once_expression [(string) (encapsed_string)] @import)]
 (#not-match? @import "^\"[^\"]*\\$"))

([(require_expression (binary_expression left: (name) @_dir right: [(string) (encapsed_string)] @import))
  (require_once_expression (binary_expression left: (name) @_dir right: [(string) (encapsed_string)] @import))
  (include_expression (binary_expression left: (name) @_dir right: [(string) (encapsed_string)] @import))
  (include_once_expression (binary_expression left: (name) @_dir right: [(string) (encapsed_string)] @import))]
 (#eq? @_dir "__DIR__")
 (#not-match? @import "^\"[^\"]*\\$"))
