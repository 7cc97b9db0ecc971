; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_definition) @definition.class (#set! name.find "header"))
((enum) @definition.enum (#set! name.find "header"))
((function_definition) @definition.function (#set! name.find "header"))
((source_file (assignment . (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (_ (assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
