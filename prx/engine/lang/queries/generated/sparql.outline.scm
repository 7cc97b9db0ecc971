; Generated from the grammar's node kinds (prx.engine.lang.generic).
((unit (var) @definition.variable) (#set! name.find "header"))
((unit (_ (var) @definition.variable)) (#set! name.find "header"))
