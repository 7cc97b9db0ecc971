; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class_declaration (_ name: (_) @name) ) @definition.class
(class_declaration . (_ . [(class_name) (exp_name) (field_name) (instance_name) (pat_name) (type_name)] @name) ) @definition.class
(function name: (_) @name ) @definition.function
(function (_ name: (_) @name) ) @definition.function
(function . [(class_name) (exp_name) (field_name) (instance_name) (pat_name) (type_name)] @name ) @definition.function
(function . (_ . [(class_name) (exp_name) (field_name) (instance_name) (pat_name) (type_name)] @name) ) @definition.function
(type_role_declaration (_ name: (_) @name) ) @definition.type
(type_role_declaration . (_ . [(class_name) (exp_name) (field_name) (instance_name) (pat_name) (type_name)] @name) ) @definition.type
