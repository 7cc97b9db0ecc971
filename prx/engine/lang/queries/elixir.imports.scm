; Elixir imports: the module of alias / import / require / use (an Erlang module atom
; included; ``alias Foo.{Bar, Baz}`` gives its prefix ``Foo``). ``(_ target: ...)`` is a call
; (cheaper to compile than naming ``call``).

((_
   target: (identifier) @_keyword
   (arguments
     .
     [(alias) @import
      (atom) @import
      (dot right: (alias)) @import
      (dot left: (_) @import right: (tuple))]))
  (#match? @_keyword "^(alias|import|require|use)$"))
