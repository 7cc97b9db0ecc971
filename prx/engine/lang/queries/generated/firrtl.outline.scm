; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module . [(identifier) (relaxed_identifier)] @name ) @definition.module
(module . (_ . [(identifier) (relaxed_identifier)] @name) ) @definition.module
