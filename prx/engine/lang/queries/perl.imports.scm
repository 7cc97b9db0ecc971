; Perl imports: the module of every ``use Module ...;`` (``no`` and ``use VERSION`` are no
; imports; core pragmas such as ``strict``, ``warnings`` or ``constant`` are skipped: they
; name no file of a project), the classes named as strings to ``use parent`` / ``use base``
; (a ``qw(...)`` list is one token in this grammar: it counts when it holds one name), and the module or file
; of ``require Module`` / ``require "file.pl"`` (a variable is skipped).

((use_statement "use" module: (package) @import)
  (#not-match? @import "^(strict|warnings|utf8|feature|constant|vars|lib|integer|bytes|less|locale|open|overload|overloading|mro|parent|base|fields|sigtrap|subs|sort|re|diagnostics|experimental|builtin|version|if|autodie|bigint|bignum|bigrat|charnames|encoding|filetest|threads|vmsish|attributes|deprecate|autouse|blib|ok)$"))

((use_statement
   "use"
   module: (package) @_pragma
   (list_expression [(string_literal (string_content) @import) (interpolated_string_literal (string_content) @import)]))
  (#match? @_pragma "^(parent|base)$"))

((use_statement
   "use"
   module: (package) @_pragma
   [(string_literal (string_content) @import) (interpolated_string_literal (string_content) @import)])
  (#match? @_pragma "^(parent|base)$"))

((use_statement
   "use"
   module: (package) @_pragma
   (quoted_word_list (string_content) @import))
  (#match? @_pragma "^(parent|base)$")
  (#match? @import "^\\s*[A-Za-z_][A-Za-z0-9_:]*\\s*$"))

(require_expression (bareword) @import)
(require_expression [(string_literal (string_content) @import) (interpolated_string_literal (string_content) @import)])
