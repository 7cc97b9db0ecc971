; Generated from the grammar's node kinds (prx.engine.lang.generic).
(constant_definition . [(identifier) (native_identifier)] @name ) @definition.constant
(constant_definition . (_ . [(identifier) (native_identifier)] @name) ) @definition.constant
(function_definition . (_ . [(identifier) (native_identifier)] @name) ) @definition.function
(trait_definition . [(identifier) (native_identifier)] @name ) @definition.trait
(trait_definition . (_ . [(identifier) (native_identifier)] @name) ) @definition.trait
