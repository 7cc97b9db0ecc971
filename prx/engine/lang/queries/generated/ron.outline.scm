; Generated from the grammar's node kinds (prx.engine.lang.generic).
(struct . (_ . [(identifier) (struct_name)] @name) body: (_)? @body) @definition.struct
