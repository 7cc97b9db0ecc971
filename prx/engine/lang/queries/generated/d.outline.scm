; Generated from the grammar's node kinds (prx.engine.lang.generic).
(alias_declaration . [(identifier)] @name body: (_)? @body) @definition.alias
(alias_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.alias
(class_declaration . [(identifier)] @name body: (_)? @body) @definition.class
(class_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.class
(constructor . [(identifier)] @name body: (_)? @body) @definition.constructor
(constructor . (_ . [(identifier)] @name) body: (_)? @body) @definition.constructor
(enum_declaration . [(identifier)] @name body: (_)? @body) @definition.enum
(enum_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.enum
(function_declaration . [(identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.function
(interface_declaration . [(identifier)] @name body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.interface
(module_declaration . (_ . [(identifier)] @name) ) @definition.module
(module_def . [(identifier)] @name body: (_)? @body) @definition.module
(module_def . (_ . [(identifier)] @name) body: (_)? @body) @definition.module
(struct_declaration . [(identifier)] @name body: (_)? @body) @definition.struct
(struct_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.struct
(union_declaration . [(identifier)] @name body: (_)? @body) @definition.union
(union_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.union
