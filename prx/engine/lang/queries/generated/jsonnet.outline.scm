; Generated from the grammar's node kinds (prx.engine.lang.generic).
((ERROR (local) @definition.variable) (#set! name.find "header"))
((ERROR (_ (local) @definition.variable)) (#set! name.find "header"))
