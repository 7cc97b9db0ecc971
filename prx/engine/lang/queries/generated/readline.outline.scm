; Generated from the grammar's node kinds (prx.engine.lang.generic).
(macro . (_ . [(application_name) (function_name) (symbolic_character_name) (term_name)] @name) ) @definition.macro
