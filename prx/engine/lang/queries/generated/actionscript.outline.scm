; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration name: (_) @name body: (_)? @body) @definition.class
(class_declaration (_ name: (_) @name) body: (_)? @body) @definition.class
(class_declaration . [(identifier)] @name body: (_)? @body) @definition.class
(class_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.class
(constant_declaration name: (_) @name ) @definition.constant
(constant_declaration (_ name: (_) @name) ) @definition.constant
(constant_declaration . [(identifier)] @name ) @definition.constant
(constant_declaration . (_ . [(identifier)] @name) ) @definition.constant
(function_declaration name: (_) @name body: (_)? @body) @definition.function
(function_declaration (_ name: (_) @name) body: (_)? @body) @definition.function
(function_declaration . [(identifier)] @name body: (_)? @body) @definition.function
(function_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.function
(interface_declaration name: (_) @name body: (_)? @body) @definition.interface
(interface_declaration (_ name: (_) @name) body: (_)? @body) @definition.interface
(interface_declaration . [(identifier)] @name body: (_)? @body) @definition.interface
(interface_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.interface
(method_declaration name: (_) @name ) @definition.method
(method_declaration (_ name: (_) @name) ) @definition.method
(method_declaration . [(identifier)] @name ) @definition.method
(method_declaration . (_ . [(identifier)] @name) ) @definition.method
(namespace_declaration name: (_) @name ) @definition.namespace
(namespace_declaration (_ name: (_) @name) ) @definition.namespace
(namespace_declaration . [(identifier)] @name ) @definition.namespace
(namespace_declaration . (_ . [(identifier)] @name) ) @definition.namespace
(package_declaration name: (_) @name body: (_)? @body) @definition.module
(package_declaration (_ name: (_) @name) body: (_)? @body) @definition.module
(package_declaration . [(identifier)] @name body: (_)? @body) @definition.module
(package_declaration . (_ . [(identifier)] @name) body: (_)? @body) @definition.module
