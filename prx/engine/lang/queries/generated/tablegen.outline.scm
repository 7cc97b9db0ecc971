; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class body: (_)? @body) @definition.class (#set! name.find "header"))
((file (_ (let) @definition.variable)) (#set! name.find "header"))
((file (_ (var) @definition.variable)) (#set! name.find "header"))
