; Kotlin outline: classes (data, sealed, abstract, annotation...), interfaces, enum
; classes, objects and companion objects (`object` -> class; an unnamed companion is
; named "companion object"), functions (methods inside classes; local functions nest
; under their function), secondary constructors (named "constructor"), type aliases
; and `const val` properties. Annotations and modifiers start the signature.
; This grammar has no field names, so the patterns match on keywords and child types.

; Classes with a body, then classes without one (the last named child is no body).
; A bodiless class has no body to end its signature, and the engine then takes the
; node's first line, which for `@Serializable\ndata class X(...)` is just the
; annotation: for annotated ones the signature stops at the primary constructor
; (listed first: the engine keeps the first match for a node).
(class_declaration "class" (type_identifier) @name (class_body) @body) @definition.class
(class_declaration (modifiers (annotation)) "class" (type_identifier) @name . (primary_constructor) @body .) @definition.class
(class_declaration (modifiers (annotation)) "class" (type_identifier) @name . (primary_constructor) @body
  [(delegation_specifier) (type_constraints)] .) @definition.class
(class_declaration "class" (type_identifier) @name
  [(primary_constructor) (delegation_specifier) (type_parameters) (type_constraints) (type_identifier)] .) @definition.class

(class_declaration "interface" (type_identifier) @name (class_body) @body) @definition.interface
(class_declaration "interface" (type_identifier) @name
  [(delegation_specifier) (type_parameters) (type_constraints) (type_identifier)] .) @definition.interface

(class_declaration "enum" (type_identifier) @name (enum_class_body) @body) @definition.enum

(object_declaration (type_identifier) @name (class_body) @body) @definition.object
(object_declaration (type_identifier) @name [(delegation_specifier) (type_identifier)] .) @definition.object

(companion_object (type_identifier) @name (class_body) @body) @definition.object
(companion_object "companion" @name "object" @name . (class_body) @body) @definition.object

(function_declaration (simple_identifier) @name (function_body) @body) @definition.function
(function_declaration (simple_identifier) @name
  [(function_value_parameters) (user_type) (nullable_type) (function_type) (type_constraints)] .) @definition.function

(secondary_constructor "constructor" @name "{" @body) @definition.constructor
(secondary_constructor "constructor" @name [(function_value_parameters) (constructor_delegation_call)] .) @definition.constructor

(type_alias (type_identifier) @name) @definition.type

((property_declaration
   (modifiers (property_modifier) @_m)
   (variable_declaration (simple_identifier) @name)) @definition.constant
 (#eq? @_m "const"))
