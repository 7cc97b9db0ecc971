; Generated from the grammar's node kinds (prx.engine.lang.generic).
(procedure name: (_) @name body: (_)? @body) @definition.function
(procedure (_ name: (_) @name) body: (_)? @body) @definition.function
