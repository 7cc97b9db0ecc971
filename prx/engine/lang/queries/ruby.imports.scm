; Ruby imports: the literal path given to require / require_relative (receiver-less calls;
; interpolated strings are skipped).

((call
   !receiver
   method: (identifier) @_method
   arguments: (argument_list . (string . (string_content) @import .) .))
  (#match? @_method "^(require|require_relative)$"))
