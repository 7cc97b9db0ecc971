; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_definition name: (_) @name body: (_)? @body) @definition.function
(function_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.function
(function_definition (_ name: (_) @name) body: (_)? @body) @definition.function
(function_definition . [(field_identifier) (identifier) (llvm_identifier) (statement_identifier) (type_identifier)] @name body: (_)? @body) @definition.function
(function_definition . (_ . [(field_identifier) (identifier) (llvm_identifier) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.function
(preproc_function_def name: (_) @name ) @definition.function
(preproc_function_def (_ name: (_) @name) ) @definition.function
(preproc_function_def . (_ . [(field_identifier) (identifier) (llvm_identifier) (statement_identifier) (type_identifier)] @name) ) @definition.function
(type_definition name: (_) @name body: (_)? @body) @definition.type
(type_definition declarator: (_ declarator: (_) @name) body: (_)? @body) @definition.type
(type_definition (_ name: (_) @name) body: (_)? @body) @definition.type
(type_definition . [(field_identifier) (identifier) (llvm_identifier) (statement_identifier) (type_identifier)] @name body: (_)? @body) @definition.type
(type_definition . (_ . [(field_identifier) (identifier) (llvm_identifier) (statement_identifier) (type_identifier)] @name) body: (_)? @body) @definition.type
