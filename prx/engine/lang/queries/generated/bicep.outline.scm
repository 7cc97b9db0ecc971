; Generated from the grammar's node kinds (prx.engine.lang.generic).
((module_declaration) @definition.module (#set! name.find "header"))
((resource_declaration) @definition.class (#set! name.find "header"))
((type_declaration) @definition.type (#set! name.find "header"))
((variable_declaration) @definition.constant (#set! name.find "constant"))
((infrastructure (_ (assignment_expression . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((infrastructure (_ (_ (assignment_expression . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
