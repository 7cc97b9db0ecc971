; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_def . (_ . [(identifier)] @name) ) @definition.function
(macro_def . (_ . [(identifier)] @name) ) @definition.macro
