; Generated from the grammar's node kinds (prx.engine.lang.generic).
((class_definition) @definition.class (#set! name.find "header"))
((function_declaration) @definition.function (#set! name.find "header"))
((resource_declaration) @definition.class (#set! name.find "header"))
((type_declaration) @definition.type (#set! name.find "header"))
((source_file (assignment . (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (_ (assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
