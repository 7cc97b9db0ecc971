; Generated from the grammar's node kinds (prx.engine.lang.generic).
(interface (_ name: (_) @name) ) @definition.interface
(interface . (_ . [(identifier)] @name) ) @definition.interface
