; Bash imports: the file given to ``source`` or ``.`` (as written, variables included).

((command
   name: (command_name (word) @_command)
   .
   argument: (_) @import)
  (#match? @_command "^(source|\\.)$"))
