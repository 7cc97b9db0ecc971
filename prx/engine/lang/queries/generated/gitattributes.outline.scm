; Generated from the grammar's node kinds (prx.engine.lang.generic).
(macro_def . [(attr_name)] @name ) @definition.macro
(macro_def . (_ . [(attr_name)] @name) ) @definition.macro
