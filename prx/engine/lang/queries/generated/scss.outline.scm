; Generated from the grammar's node kinds (prx.engine.lang.generic).
((function_statement) @definition.function (#set! name.find "header"))
((keyframes_statement) @definition.type (#set! name.find "header"))
((mixin_statement) @definition.function (#set! name.find "header"))
((namespace_statement) @definition.namespace (#set! name.find "header"))
