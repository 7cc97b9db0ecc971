; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function body: (_)? @body) @definition.function (#set! name.find "header"))
((module) @definition.module (#set! name.find "header"))
((record) @definition.record (#set! name.find "header"))
((type_definition) @definition.type (#set! name.find "header"))
((source_file (let) @definition.variable) (#set! name.find "header"))
((source_file (_ (let) @definition.variable)) (#set! name.find "header"))
((source_file (_ (use_assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((source_file (_ (_ (use_assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
