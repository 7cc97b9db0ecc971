; Python imports: the module of every import statement (relative dots included), and
; the literal module name given to importlib.import_module() or __import__().
(import_statement name: (dotted_name) @import)
(import_statement name: (aliased_import name: (dotted_name) @import))
(import_from_statement module_name: (dotted_name) @import)
(import_from_statement module_name: (relative_import) @import)

((call
   function: (attribute object: (identifier) @_module attribute: (identifier) @_function)
   arguments: (argument_list . (string . (string_start) . (string_content) @import . (string_end) .)))
  (#eq? @_module "importlib")
  (#eq? @_function "import_module"))

((call
   function: (identifier) @_function
   arguments: (argument_list . (string . (string_start) . (string_content) @import . (string_end) .)))
  (#eq? @_function "__import__"))
