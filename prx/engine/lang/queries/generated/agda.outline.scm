; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function . (_ . [(data_name) (field_name) (function_name) (hole_name) (module_name) (record_name)] @name) ) @definition.function
(macro . (_ . [(data_name) (field_name) (function_name) (hole_name) (module_name) (record_name)] @name) ) @definition.macro
(module . (_ . [(data_name) (field_name) (function_name) (hole_name) (module_name) (record_name)] @name) ) @definition.module
(record . (_ . [(data_name) (field_name) (function_name) (hole_name) (module_name) (record_name)] @name) ) @definition.record
