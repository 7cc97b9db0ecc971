; Generated from the grammar's node kinds (prx.engine.lang.generic).
(alias_declaration name: (_) @name ) @definition.alias
(alias_declaration (_ name: (_) @name) ) @definition.alias
(alias_declaration . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.alias
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
(global_module_fragment_declaration (_ name: (_) @name) ) @definition.module
(global_module_fragment_declaration . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.module
(module_declaration name: (_) @name ) @definition.module
(module_declaration (_ name: (_) @name) ) @definition.module
(module_declaration . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.module
(namespace_alias_definition name: (_) @name ) @definition.namespace
(namespace_alias_definition (_ name: (_) @name) ) @definition.namespace
(namespace_alias_definition . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.namespace
(namespace_definition name: (_) @name body: (_)? @body) @definition.namespace
(namespace_definition (_ name: (_) @name) body: (_)? @body) @definition.namespace
(namespace_definition . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.namespace
(preproc_function_def name: (_) @name ) @definition.function
(preproc_function_def (_ name: (_) @name) ) @definition.function
(preproc_function_def . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.function
(private_module_fragment_declaration (_ name: (_) @name) ) @definition.module
(private_module_fragment_declaration . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.module
(type_definition name: (_) @name body: (_)? @body) @definition.type
(type_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.type
(type_definition (_ name: (_) @name) body: (_)? @body) @definition.type
(type_definition . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name body: (_)? @body) @definition.type
(type_definition . (_ . [(dependent_name) (destructor_name) (field_identifier) (identifier) (module_name) (namespace_identifier) (operator_name) (qualified_identifier) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.type
