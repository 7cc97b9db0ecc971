; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((preproc_def) @definition.macro (#set! name.find "header"))
((preproc_function_def) @definition.macro (#set! name.find "header"))
((task_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((type_definition body: (_)? @body) @definition.type (#set! name.find "header"))
((translation_unit (_ (assignment_expression . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((translation_unit (_ (_ (assignment_expression . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
