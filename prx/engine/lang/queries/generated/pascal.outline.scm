; Generated from the grammar's node kinds (prx.engine.lang.generic).
((interface) @definition.interface (#set! name.find "header"))
((root (_ (assignment . (identifier) @name) @definition.constant)) (#match? @name "^[A-Z][A-Z0-9_]+$"))
((root (_ (_ (assignment . (identifier) @name) @definition.constant))) (#match? @name "^[A-Z][A-Z0-9_]+$"))
