; Dart outline: classes (abstract, sealed, base, final, interface, mixin classes and
; ``class F = A with M;``), mixins, extensions (an unnamed one is named by its ``on``
; type), extension types, enums, typedefs (``type``), top-level functions, getters and
; setters, class members (methods, getters, setters, operators named ``operator ==``,
; constructors named as written: ``MediaType`` / ``MediaType.parse``, factories and
; redirecting factories included, abstract and ``external`` members too), ``static
; const`` / ``static final`` fields and top-level variables (reported as ``const``).
;
; Not definitions: instance fields, ``static var`` fields, enum values, local functions
; and variables. Annotations are siblings of a member in this grammar, so a member
; starts (and its signature starts) after its ``@override``.
;
; This grammar has no node around a function: its signature and its ``function_body``
; are siblings (a member's signature is a ``method_signature``), so a function is the
; signature node with the body that follows it as ``@body``. Top-level variables have no
; declaration node either: each declarator is the definition (``kMax = 10``).

; ---- types ----------------------------------------------------------------------------

(class_definition name: (identifier) @name body: (class_body) @body) @definition.class
(class_definition (mixin_application_class . (identifier) @name)) @definition.class
(mixin_declaration (identifier) @name (class_body) @body) @definition.class
(extension_declaration name: (identifier) @name body: (extension_body) @body) @definition.impl
(extension_declaration !name class: (_) @name body: (extension_body) @body) @definition.impl
(extension_type_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(type_alias . "typedef" (type_identifier) @name) @definition.type

; ---- top-level functions, getters and setters (the body is the next sibling) -------------

(program
  [(function_signature name: (identifier) @name)
   (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name)] @definition.function
  .
  (function_body) @body)

; ---- members with a body: methods, getters, setters, operators, constructors --------------

((method_signature
   [(function_signature name: (identifier) @name)
    (getter_signature name: (identifier) @name)
    (setter_signature name: (identifier) @name)
    (operator_signature "operator" @name . _ @name)]) @definition.method
  .
  (function_body) @body)

((method_signature
   [(constructor_signature . (identifier) @name . (identifier)? @name . (formal_parameter_list))
    (factory_constructor_signature
      "factory" . (identifier) @name . (identifier)? @name . (formal_parameter_list))]) @definition.constructor
  .
  (function_body) @body
  (#set! name.separator "."))

; ---- members without a body: abstract, external, bodiless and redirecting constructors ---

(declaration
  [(function_signature name: (identifier) @name)
   (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name)
   (operator_signature "operator" @name . _ @name)]) @definition.method

((declaration
   [(constructor_signature . (identifier) @name . (identifier)? @name . (formal_parameter_list))
    (constant_constructor_signature
      (const_builtin) . (identifier) @name . (identifier)? @name . (formal_parameter_list))
    (factory_constructor_signature
      "factory" . (identifier) @name . (identifier)? @name . (formal_parameter_list))
    (redirecting_factory_constructor_signature
      "factory" . (identifier) @name . (identifier)? @name . (formal_parameter_list))]) @definition.constructor
  (#set! name.separator "."))

; ---- constants: static const / static final fields, top-level variables ------------------

; One declarator: the whole declaration (``static const int sc = 1``); with several, each
; declarator (the one of a single declaration is dropped, as wrapped by its declaration).
(declaration
  "static"
  (static_final_declaration_list . (static_final_declaration . (identifier) @name) .)) @definition.const
(declaration
  "static"
  (static_final_declaration_list (static_final_declaration . (identifier) @name) @definition.const))

(program (static_final_declaration_list (static_final_declaration . (identifier) @name) @definition.const))
(program (initialized_identifier_list (initialized_identifier . (identifier) @name) @definition.const))
