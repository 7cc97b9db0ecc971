; Java outline: classes, interfaces, enums, records (`struct`), annotation types
; (`interface`), methods, constructors (compact record constructors too), annotation
; type elements (methods), and constants: `static final` fields and interface fields
; (implicitly static final). Annotations are part of the declaration, so they start
; the signature. A field with several declarators (`static final int A = 1, B = 2;`)
; is one symbol, named by its first declarator (the engine keeps one symbol per node).

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.record
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface

(method_declaration name: (identifier) @name body: (block) @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.constructor
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.constructor
(annotation_type_element_declaration name: (identifier) @name) @definition.method

((field_declaration
   (modifiers) @_m
   declarator: (variable_declarator name: (identifier) @name)) @definition.constant
 (#match? @_m "(^|\\s)static(\\s|$)")
 (#match? @_m "(^|\\s)final(\\s|$)"))

(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
