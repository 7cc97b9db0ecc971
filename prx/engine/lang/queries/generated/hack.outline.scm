; Generated from the grammar's node kinds (prx.engine.lang.generic).
(abstract_enum_class_declaration name: (_) @name body: (_)? @body) @definition.class
(abstract_enum_class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(abstract_enum_class_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.class
(abstract_enum_class_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.class
(alias_declaration (_ name: (_) @name) ) @definition.alias
(alias_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name ) @definition.alias
(alias_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.alias
(class_declaration name: (_) @name body: (_)? @body) @definition.class
(class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(class_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.class
(class_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.class
(const_declaration (_ name: (_) @name) ) @definition.constant
(const_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.constant
(context_const_declaration name: (_) @name ) @definition.constant
(context_const_declaration (_ name: (_) @name) ) @definition.constant
(context_const_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name ) @definition.constant
(context_const_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.constant
(enum_class_declaration name: (_) @name ) @definition.class
(enum_class_declaration (_ name: (_) @name) ) @definition.class
(enum_class_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name ) @definition.class
(enum_class_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.class
(enum_declaration name: (_) @name ) @definition.enum
(enum_declaration (_ name: (_) @name) ) @definition.enum
(enum_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name ) @definition.enum
(enum_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.enum
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.function
(interface_declaration name: (_) @name body: (_)? @body) @definition.interface
(interface_declaration (_ name: (_) @name) body: (_)? @body) @definition.interface
(interface_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.interface
(method_declaration name: (_) @name body: (_)? @body) @definition.method
(method_declaration (_ name: (_) @name) body: (_)? @body) @definition.method
(method_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.method
(method_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.method
(namespace_declaration name: (_) @name body: (_)? @body) @definition.namespace
(namespace_declaration (_ name: (_) @name) body: (_)? @body) @definition.namespace
(namespace_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.namespace
(trait_declaration name: (_) @name body: (_)? @body) @definition.trait
(trait_declaration (_ name: (_) @name) body: (_)? @body) @definition.trait
(trait_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name body: (_)? @body) @definition.trait
(trait_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) body: (_)? @body) @definition.trait
(type_const_declaration name: (_) @name ) @definition.type
(type_const_declaration (_ name: (_) @name) ) @definition.type
(type_const_declaration . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name ) @definition.type
(type_const_declaration . (_ . [(identifier) (qualified_identifier) (scope_identifier) (scoped_identifier) (xhp_category_identifier) (xhp_class_identifier) (xhp_identifier)] @name) ) @definition.type
