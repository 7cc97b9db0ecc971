; Generated from the grammar's node kinds (prx.engine.lang.generic).
(enum_item (_ name: (_) @name) ) @definition.enum
(enum_item . (_ . [(command_name) (curly_group_command_name) (todo_command_name) (word)] @name) ) @definition.enum
