; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module . [(identifier) (identifier_pattern) (name)] @name ) @definition.module
(module . (_ . [(identifier) (identifier_pattern) (name)] @name) ) @definition.module
