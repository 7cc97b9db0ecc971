; Generated from the grammar's node kinds (prx.engine.lang.generic).
(function_statement name: (_) @name ) @definition.function
(function_statement (_ name: (_) @name) ) @definition.function
(function_statement . (_ . [(attribute_name) (class_name) (feature_name) (function_name) (id_name) (identifier) (keyframes_name) (namespace_name) (property_name) (tag_name)] @name) ) @definition.function
(namespace_statement (_ name: (_) @name) ) @definition.namespace
(namespace_statement . (_ . [(attribute_name) (class_name) (feature_name) (function_name) (id_name) (identifier) (keyframes_name) (namespace_name) (property_name) (tag_name)] @name) ) @definition.namespace
