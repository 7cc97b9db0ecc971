; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration . [(identifier)] @name ) @definition.class
(class_declaration . (_ . [(identifier)] @name) ) @definition.class
(const_declaration . [(identifier)] @name ) @definition.constant
(const_declaration . (_ . [(identifier)] @name) ) @definition.constant
(enum_declaration . [(identifier)] @name ) @definition.enum
(enum_declaration . (_ . [(identifier)] @name) ) @definition.enum
(function_declaration . [(identifier)] @name ) @definition.function
(function_declaration . (_ . [(identifier)] @name) ) @definition.function
