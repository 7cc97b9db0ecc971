; Generated from the grammar's node kinds (prx.engine.lang.generic).
((enum_item) @definition.enum (#set! name.find "header"))
