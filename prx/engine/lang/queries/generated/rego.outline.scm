; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module . (_ . [(fn_name)] @name) ) @definition.module
