; Nix imports: the path given to ``import`` (``import ./x.nix``, ``import ./dir { }``,
; ``builtins.import``), to ``callPackage`` / ``callPackages`` (``pkgs.callPackage ./y { }``)
; and each path of a module's ``imports = [ ./a.nix ./b ];`` list, as written: a path
; relative to the file (a directory means its ``default.nix``). A search path
; (``import <nixpkgs> { }``) is an import too, of something outside the repository; an
; interpolated path (``./${name}.nix``) names no one file and is left out.

((apply_expression
   function: [(variable_expression name: (identifier) @_function)
              (select_expression attrpath: (attrpath (identifier) @_function .))]
   argument: [(path_expression) (spath_expression)] @import)
  (#any-of? @_function "import" "callPackage" "callPackages")
  (#not-match? @import "\\$\\{"))

((binding
   attrpath: (attrpath) @_key
   expression: (list_expression element: [(path_expression) (spath_expression)] @import))
  (#eq? @_key "imports")
  (#not-match? @import "\\$\\{"))
