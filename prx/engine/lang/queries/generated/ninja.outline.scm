; Generated from the grammar's node kinds (prx.engine.lang.generic).
((rule) @definition.function (#set! name.find "header"))
((manifest (let) @definition.variable) (#set! name.find "header"))
((manifest (_ (let) @definition.variable)) (#set! name.find "header"))
