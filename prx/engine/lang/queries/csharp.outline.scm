; C# outline: namespaces (block and file-scoped), classes, structs, interfaces, enums,
; records and record structs (`record` -> struct), delegates (`type`), methods,
; constructors, destructors (named by the class, `~` stays in the signature), operators
; (named `operator +`), local functions, and `const` fields. Properties, indexers and
; events have no outline kind and are not reported. Attributes ([Serializable]) are
; part of the declaration, so they start the signature.
; Expression-bodied members (`int F() => 1;`) have the arrow clause as body.

(namespace_declaration name: (_) @name body: (declaration_list) @body) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace

(class_declaration name: (identifier) @name body: (declaration_list) @body) @definition.class
(class_declaration name: (identifier) @name !body) @definition.class
(struct_declaration name: (identifier) @name body: (declaration_list) @body) @definition.struct
(struct_declaration name: (identifier) @name !body) @definition.struct
(interface_declaration name: (identifier) @name body: (declaration_list) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_member_declaration_list) @body) @definition.enum
(record_declaration name: (identifier) @name body: (declaration_list) @body) @definition.record
(record_declaration name: (identifier) @name !body) @definition.record
(delegate_declaration name: (identifier) @name) @definition.type

(method_declaration name: (identifier) @name body: [(block) (arrow_expression_clause)] @body) @definition.method
(method_declaration name: (identifier) @name !body) @definition.method
(local_function_statement name: (identifier) @name body: [(block) (arrow_expression_clause)] @body) @definition.function
(constructor_declaration name: (identifier) @name body: [(block) (arrow_expression_clause)] @body) @definition.constructor
(destructor_declaration name: (identifier) @name body: [(block) (arrow_expression_clause)] @body) @definition.method
(operator_declaration "operator" @name operator: _ @name body: [(block) (arrow_expression_clause)] @body) @definition.method
(conversion_operator_declaration "operator" @name type: (_) @name body: [(block) (arrow_expression_clause)] @body) @definition.method

((field_declaration
   (modifier) @_m
   (variable_declaration (variable_declarator name: (identifier) @name))) @definition.constant
 (#eq? @_m "const"))
