; Generated from the grammar's node kinds (prx.engine.lang.generic).
((type_definition) @definition.type (#set! name.find "header"))
