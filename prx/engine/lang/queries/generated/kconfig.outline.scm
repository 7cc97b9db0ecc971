; Generated from the grammar's node kinds (prx.engine.lang.generic).
(type_definition (_ name: (_) @name) ) @definition.type
(type_definition . (_ . [(name) (symbol)] @name) ) @definition.type
