; Generated from the grammar's node kinds (prx.engine.lang.generic).
((const_statement) @definition.constant (#set! name.find "header"))
((function_declaration) @definition.function (#set! name.find "header"))
((function_definition) @definition.function (#set! name.find "header"))
((script_file (let_statement) @definition.variable) (#set! name.find "header"))
((script_file (_ (let_statement) @definition.variable)) (#set! name.find "header"))
((script_file (_ (list_assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((script_file (_ (_ (list_assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
