; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_definition) @definition.function (#set! name.find "header"))
((python_function_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((recipe (variable_assignment . (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((recipe (_ (variable_assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((recipe (_ (_ (variable_assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
