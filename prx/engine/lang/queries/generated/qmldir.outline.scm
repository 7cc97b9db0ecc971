; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module_definition . (_ . [(identifier)] @name) ) @definition.module
