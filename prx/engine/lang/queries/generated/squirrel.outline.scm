; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_declaration) @definition.class (#set! name.find "header"))
((const_declaration) @definition.constant (#set! name.find "header"))
((enum_declaration) @definition.enum (#set! name.find "header"))
((function_declaration) @definition.function (#set! name.find "header"))
((var_statement) @definition.constant (#set! name.find "constant"))
((script (assignment_expression . (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((script (_ (assignment_expression . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((script (_ (_ (assignment_expression . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
