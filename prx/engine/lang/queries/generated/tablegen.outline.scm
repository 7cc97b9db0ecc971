; Generated from the grammar's node kinds (prx.engine.lang.generic).
(class name: (_) @name body: (_)? @body) @definition.class
(class (_ name: (_) @name) body: (_)? @body) @definition.class
(class . [(identifier)] @name body: (_)? @body) @definition.class
(class . (_ . [(identifier)] @name) body: (_)? @body) @definition.class
