; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(attribute_name) (metadata_name) (source_file_name)] @name) ) @definition.module
