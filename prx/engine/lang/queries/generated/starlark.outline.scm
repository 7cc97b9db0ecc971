; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_definition body: (_)? @body) @definition.function (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
((module (_ (assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((module (_ (_ (assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((module (_ (augmented_assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((module (_ (_ (augmented_assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
