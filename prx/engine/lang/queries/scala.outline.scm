; Scala outline: classes (case, abstract, implicit...), objects (`object` -> class),
; traits, enums, Scala 3 extensions (`impl`, named by the extended type), functions
; (methods inside templates; local functions nest under their function), abstract
; declarations `def f: Int` (methods), given definitions, type aliases, and constants:
; `val`s of objects and top-level `val`s (`var`s and class fields are not reported).
; A function's body is the expression after `=`, so signatures end before it.

(class_definition name: (identifier) @name body: (template_body) @body) @definition.class
(class_definition name: (identifier) @name !body) @definition.class
(object_definition name: (identifier) @name body: (template_body) @body) @definition.object
(object_definition name: (identifier) @name !body) @definition.object
(trait_definition name: (identifier) @name body: (template_body) @body) @definition.trait
(trait_definition name: (identifier) @name !body) @definition.trait
(enum_definition name: (identifier) @name body: (enum_body) @body) @definition.enum

(extension_definition
  parameters: (parameters (parameter type: (_) @name))
  body: _ @body) @definition.impl

(function_definition name: (identifier) @name body: (_) @body) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(given_definition name: (identifier) @name body: (_) @body) @definition.object

(type_definition name: (type_identifier) @name) @definition.type

(compilation_unit (val_definition pattern: (identifier) @name) @definition.constant)
(object_definition
  body: (template_body (val_definition pattern: (identifier) @name) @definition.constant))
