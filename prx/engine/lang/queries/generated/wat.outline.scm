; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module) @definition.module (#set! name.find "header"))
((module_field_data) @definition.type (#set! name.find "header"))
((module_field_func) @definition.function (#set! name.find "header"))
((module_field_type) @definition.type (#set! name.find "header"))
