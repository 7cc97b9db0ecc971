; Generated from the grammar's node kinds (prx.engine.lang.generic).
(macro . [(identifier)] @name ) @definition.macro
(macro . (_ . [(identifier)] @name) ) @definition.macro
