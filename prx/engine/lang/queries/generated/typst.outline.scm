; Generated from the grammar's node kinds (prx.engine.lang.generic).
((source_file (let) @definition.variable) (#set! name.find "header"))
((source_file (_ (let) @definition.variable)) (#set! name.find "header"))
