; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration name: (_) @name body: (_)? @body) @definition.class
(class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(class_declaration . [(access_identifiers) (identifier) (package_name) (type_name)] @name body: (_)? @body) @definition.class
(class_declaration . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) body: (_)? @body) @definition.class
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(access_identifiers) (identifier) (package_name) (type_name)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) body: (_)? @body) @definition.function
(interface_declaration name: (_) @name body: (_)? @body) @definition.interface
(interface_declaration (_ name: (_) @name) body: (_)? @body) @definition.interface
(interface_declaration . [(access_identifiers) (identifier) (package_name) (type_name)] @name body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) body: (_)? @body) @definition.interface
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) ) @definition.module
(package_statement name: (_) @name ) @definition.module
(package_statement (_ name: (_) @name) ) @definition.module
(package_statement . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) ) @definition.module
(typedef_declaration name: (_) @name ) @definition.typedef
(typedef_declaration (_ name: (_) @name) ) @definition.typedef
(typedef_declaration . (_ . [(access_identifiers) (identifier) (package_name) (type_name)] @name) ) @definition.typedef
