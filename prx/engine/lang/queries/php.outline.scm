; PHP outline: classes, interfaces, traits, enums, braced namespaces, functions, methods
; (abstract and interface methods included), constants (top-level, class and
; define('NAME', ...)). Attributes (#[...]) and modifiers stay in the signature.

(namespace_definition name: (namespace_name) @name body: (compound_statement) @body) @definition.namespace

(class_declaration name: (name) @name body: (declaration_list) @body) @definition.class

(interface_declaration name: (name) @name body: (declaration_list) @body) @definition.interface

(trait_declaration name: (name) @name body: (declaration_list) @body) @definition.trait

(enum_declaration name: (name) @name body: (enum_declaration_list) @body) @definition.enum

(function_definition name: (name) @name body: (compound_statement) @body) @definition.function

(method_declaration name: (name) @name body: (compound_statement) @body) @definition.method

; abstract and interface methods have no body
(method_declaration name: (name) @name !body) @definition.method

; const A = 1; (top level or in a class); with several elements, each one
(const_declaration . (const_element (name) @name) .) @definition.const

(const_declaration (visibility_modifier) . (const_element (name) @name) .) @definition.const

(const_declaration type: (_) . (const_element (name) @name) .) @definition.const

(const_declaration (const_element (name) @name) @definition.const)

; define('NAME', value);
((expression_statement
   (function_call_expression
     function: (name) @_define
     arguments: (arguments . (argument (string (string_content) @name))))) @definition.const
  (#eq? @_define "define"))
