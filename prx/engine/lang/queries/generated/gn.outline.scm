; Generated from the grammar's node kinds (prx.engine.lang.generic).
((source_file (assignment_statement . (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (assignment_statement . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (_ (assignment_statement . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
