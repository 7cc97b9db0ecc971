; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class (_ name: (_) @name) ) @definition.class
(class . (_ . [(identifier) (symbol)] @name) ) @definition.class
(method name: (_) @name ) @definition.method
(method (_ name: (_) @name) ) @definition.method
(method . [(identifier) (symbol)] @name ) @definition.method
(method . (_ . [(identifier) (symbol)] @name) ) @definition.method
(procedure name: (_) @name ) @definition.function
(procedure (_ name: (_) @name) ) @definition.function
(procedure . [(identifier) (symbol)] @name ) @definition.function
(procedure . (_ . [(identifier) (symbol)] @name) ) @definition.function
