; Objective-C outline (.m, .mm; headers are C's). Classes: an ``@interface`` (`interface`)
; and an ``@implementation`` (`class`), each its own entry, named by the class; a
; category or class extension is named as Xcode shows it, ``UIButton(AFNetworking)``,
; ``AFURLSessionManager()``. Protocols (``@protocol X ... @end``, `protocol`). Methods
; (`method`): those defined in an ``@implementation`` and those declared in an
; ``@interface`` or ``@protocol``, named by their selector (``setUp``,
; ``URLSession:task:didCompleteWithError:``), ``+`` class methods too.
; And what the C outline reports, Objective-C being C: functions and prototypes
; (`function`), structs, unions, enums with a body and ``typedef NS_ENUM(NSInteger, X)``
; / ``NS_OPTIONS`` (`enum`, named ``X``), typedefs (block types included, `type`),
; ``#define`` constants (`const`) and function-like macros (`macro`), file-scope ``const``
; variables (``NSString * const AFKey = @"..."``, `const`), also inside a whole-file
; ``#if`` guard.
;
; Not definitions: ``@property`` declarations, instance variables, ``@synthesize``,
; ``@class`` / ``@protocol`` forward declarations, ``#pragma mark``, blocks, locals.
;
; A selector's keywords and the colons of its parameters are @name captures joined with
; nothing (``name.separator ""``). An ``#if`` around members of an ``@interface`` can make
; this grammar give up on the whole file (an ERROR root): its classes are then missed.

; ---- classes, categories, protocols ------------------------------------------------------

((class_interface "@interface" . (identifier) @name . "(" @name . category: (identifier) @name . ")" @name)
  @definition.interface
  (#set! name.separator ""))
((class_interface "@interface" . (identifier) @name . "(" @name . ")" @name)
  @definition.interface
  (#set! name.separator ""))
((class_interface "@interface" . (identifier) @name) @definition.interface
  (#not-match? @definition.interface "^@interface[ \t]+[A-Za-z_0-9]+[ \t\r\n]*\\("))

(class_implementation "@implementation" . (identifier) @name !category) @definition.class
((class_implementation "@implementation" . (identifier) @name . "(" @name . category: (identifier) @name . ")" @name)
  @definition.class
  (#set! name.separator ""))

(protocol_declaration "@protocol" . (identifier) @name) @definition.protocol

; ---- methods: the selector's keywords, each with its colon -------------------------------

((method_definition [(identifier) @name (method_parameter ":" @name)]+ (compound_statement) @body)
  @definition.method
  (#set! name.separator ""))
((method_declaration [(identifier) @name (method_parameter ":" @name)]+)
  @definition.method
  (#set! name.separator ""))

; ---- C: functions and prototypes ---------------------------------------------------------
; (A statement the grammar misreads as a function, ``else if (...) {`` after an ``#if``
; inside a body, is named by its keyword: left out.)

((function_definition
   declarator: [
     (function_declarator declarator: (identifier) @name)
     (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
     (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
   ]
   body: (compound_statement) @body) @definition.function
 (#not-match? @name "^(if|while|for|switch|return)$"))

; Prototypes at file scope (in a body, ``handler(a, b);`` can read as one).
[
  (translation_unit (declaration declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function)
  (preproc_if (declaration declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function)
  (preproc_ifdef (declaration declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function)
]

; ---- C: structs, unions, enums with a body -----------------------------------------------

[
  (translation_unit (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_if (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (preproc_ifdef (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (declaration type: (struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct)
  (translation_unit (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_if (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (preproc_ifdef (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (declaration type: (union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.union)
  (translation_unit (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_if (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (preproc_ifdef (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
  (declaration type: (enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum)
]

; ---- typedefs ----------------------------------------------------------------------------

(type_definition
  type: (struct_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.union
(type_definition
  type: (enum_specifier body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum

; ``typedef NS_ENUM(NSInteger, AFState) { ... };``: the grammar reads the macro as a type
; and leaves the enum's name in an ERROR, or its first argument (the whole typedef too
; when it stands first).
((type_definition
   type: (macro_type_specifier name: (identifier) @_macro [
     (ERROR . (identifier) @name)
     ((ERROR) . type: (type_descriptor type: (type_identifier) @name))
   ])) @definition.enum
 (#match? @_macro "^(NS|CF)_(ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)$"))
((ERROR
   "typedef" . (macro_type_specifier name: (identifier) @_macro (ERROR . (identifier) @name))) @definition.enum
 (#match? @_macro "^(NS|CF)_(ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)$"))

; Other typedefs: ``typedef void (^AFBlock)(id);``, ``typedef X * (^AFMaker)(void);``.
(type_definition
  type: [
    (primitive_type) (type_identifier) (sized_type_specifier) (typedefed_specifier)
    (struct_specifier !body) (union_specifier !body) (enum_specifier !body)
  ]
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (type_identifier) @name) (block_pointer_declarator declarator: (type_identifier) @name)]))
    (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (type_identifier) @name) (block_pointer_declarator declarator: (type_identifier) @name)])))
  ]) @definition.typedef

; ---- macros ------------------------------------------------------------------------------

(preproc_def name: (identifier) @name value: (preproc_arg)) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.macro

; ---- file-scope constants (directly or inside a whole-file #if guard) --------------------

(
  [
    (translation_unit (declaration (type_qualifier) @_q declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
    (preproc_if (declaration (type_qualifier) @_q declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
    (preproc_ifdef (declaration (type_qualifier) @_q declarator: (init_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])) @definition.constant)
  ]
  (#eq? @_q "const"))
(
  [
    (translation_unit (declaration declarator: (init_declarator declarator: (pointer_declarator (type_qualifier) @_q declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
    (preproc_if (declaration declarator: (init_declarator declarator: (pointer_declarator (type_qualifier) @_q declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
    (preproc_ifdef (declaration declarator: (init_declarator declarator: (pointer_declarator (type_qualifier) @_q declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)]))) @definition.constant)
  ]
  (#eq? @_q "const"))
