; Elixir outline: defmodule (module), defprotocol (protocol), defimpl (impl, named like the
; module it defines: ``Protocol.ForModule``), def / defp / defdelegate (function), defmacro /
; defmacrop / defguard / defguardp (macro), defstruct / defexception (struct, named by the
; enclosing module), @type / @typep / @opaque (type) and module attributes used as
; constants (``@timeout 5_000``; documentation and compiler attributes excluded).
;
; A definition with a ``do ... end`` block has it as its body; the ``, do: expr`` and
; bodiless forms (protocol functions) have none, so their signature is their first line.
; Compile cost: every pattern naming ``call`` costs the query compiler ~15 ms on this
; grammar, so calls are matched as ``(_ target: ...)`` (only a call has a ``target``) and
; the patterns are kept few.

; ---- modules ---------------------------------------------------------------------------
; (A module's functions stay functions; a protocol's and an impl's become methods.)

((_
   target: (identifier) @_keyword
   (arguments . (alias) @name)
   (do_block) @body) @definition.module
  (#eq? @_keyword "defmodule"))

((_
   target: (identifier) @_keyword
   (arguments . (alias) @name)
   (do_block) @body) @definition.protocol
  (#eq? @_keyword "defprotocol"))

((_
   target: (identifier) @_keyword
   (arguments . (alias) @name (keywords (pair value: (alias) @name))? .)
   (do_block) @body) @definition.impl
  (#eq? @_keyword "defimpl")
  (#set! name.separator "."))

; ---- functions and macros --------------------------------------------------------------

((_
   target: (identifier) @_keyword
   (arguments
     .
     [(_ target: (identifier) @name)
      (identifier) @name
      (binary_operator left: [(_ target: (identifier) @name) (identifier) @name] operator: "when")])
   (do_block)? @body) @definition.function
  (#match? @_keyword "^(def|defp|defn|defnp|defdelegate)$"))

((_
   target: (identifier) @_keyword
   (arguments
     .
     [(_ target: (identifier) @name)
      (identifier) @name
      (binary_operator left: [(_ target: (identifier) @name) (identifier) @name] operator: "when")])
   (do_block)? @body) @definition.macro
  (#match? @_keyword "^(defmacro|defmacrop|defguard|defguardp)$"))

; ---- structs, types, module attributes ---------------------------------------------------

; defstruct / defexception, named by the enclosing module (``%Module{}``)
((_
   target: (identifier) @_module
   (arguments . (alias) @name)
   (do_block
     (_ target: (identifier) @_keyword) @definition.struct))
  (#eq? @_module "defmodule")
  (#match? @_keyword "^(defstruct|defexception)$"))

((unary_operator
   operator: "@"
   operand: (_
     target: (identifier) @_attribute
     (arguments
       (binary_operator
         left: [(_ target: (identifier) @name) (identifier) @name]
         operator: "::")))) @definition.type
  (#match? @_attribute "^(type|typep|opaque)$"))

((unary_operator
   operator: "@"
   operand: (_ target: (identifier) @name (arguments))) @definition.const
  (#not-match? @name "^(doc|moduledoc|typedoc|shortdoc|spec|callback|macrocallback|optional_callbacks|impl|behaviour|derive|enforce_keys|type|typep|opaque|deprecated|since|dialyzer|compile|on_load|on_definition|before_compile|after_compile|after_verify|external_resource|vsn|file|nifs|fallback_to_any|moduletag|describetag|tag)$"))
