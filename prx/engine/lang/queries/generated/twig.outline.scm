; Generated from the grammar's node kinds (prx.engine.lang.generic).
(macro_statement . (_ . [(argument_name) (filter_identifier) (function_identifier) (name)] @name) ) @definition.macro
