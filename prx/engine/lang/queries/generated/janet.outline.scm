; Generated from the grammar's node kinds (prx.engine.lang.generic).
(struct (_ name: (_) @name) ) @definition.struct
(struct . [(symbol)] @name ) @definition.struct
(struct . (_ . [(symbol)] @name) ) @definition.struct
