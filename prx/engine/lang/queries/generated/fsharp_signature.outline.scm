; Generated from the grammar's node kinds (prx.engine.lang.generic).
(module (_ name: (_) @name) ) @definition.module
(module . (_ . [(active_pattern_op_name) (identifier) (identifier_pattern) (long_identifier) (long_identifier_or_op) (op_identifier)] @name) ) @definition.module
