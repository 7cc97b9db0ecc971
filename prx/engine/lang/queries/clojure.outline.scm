; Clojure outline: the top-level definition forms, named by their symbol (metadata such as
; `^:private` left out): `defn` / `defn-` / `defmulti` / `deftest` (function), `defmacro`
; (macro), `def` / `defonce` and any other `def...` form (`defroutes`, `defschema`...:
; variable, const), `defmethod` (method, named by the multimethod and its dispatch value:
; `render :default`), `defprotocol` / `definterface` (interface, with their method
; signatures as methods), `defrecord` (record), `deftype` (class) and `extend-protocol` /
; `extend-type` (impl, named by the protocol or type), with the methods they implement.
; Forms in a top-level reader conditional (`#?(:clj (defn ...))`) count too; forms nested
; in other forms (`(comment ...)`, a `let`) do not, and neither does the `ns` form (the file
; is the namespace). A form has no body node, so its signature is its first line.

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.function)
  (#match? @_keyword "^(defn-?|defmulti|deftest|definline)$"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.macro)
  (#eq? @_keyword "defmacro"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.variable)
  (#match? @_keyword "^def")
  (#not-match? @_keyword "^(defn-?|defmulti|deftest|definline|defmacro|defmethod|defprotocol|definterface|defrecord|deftype|defstruct)$"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)
     .
     (_) @name) @definition.method)
  (#eq? @_keyword "defmethod"))

; ---- protocols, records, types and their methods ----------------------------------------

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.interface)
  (#match? @_keyword "^(defprotocol|definterface)$"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     (list_lit . (sym_lit name: (sym_name) @name)) @definition.function))
  (#match? @_keyword "^(defprotocol|definterface)$"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.record)
  (#match? @_keyword "^(defrecord|defstruct)$"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.class)
  (#eq? @_keyword "deftype"))

((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     .
     (sym_lit name: (sym_name) @name)) @definition.impl)
  (#match? @_keyword "^extend-(protocol|type)$"))

; A method implementation: a list of a symbol and its parameter vector (or, for several
; arities, a list of them).
((source
   (list_lit
     .
     (sym_lit name: (sym_name) @_keyword)
     (list_lit . (sym_lit name: (sym_name) @name) . [(vec_lit) (list_lit)] @_parameters) @definition.function))
  (#match? @_keyword "^(defrecord|deftype|extend-protocol|extend-type)$"))

; ---- in a top-level reader conditional ------------------------------------------------------

((source
   (read_cond_lit
     (list_lit
       .
       (sym_lit name: (sym_name) @_keyword)
       .
       (sym_lit name: (sym_name) @name)) @definition.function))
  (#match? @_keyword "^(defn-?|defmulti|deftest|definline)$"))

((source
   (read_cond_lit
     (list_lit
       .
       (sym_lit name: (sym_name) @_keyword)
       .
       (sym_lit name: (sym_name) @name)) @definition.macro))
  (#eq? @_keyword "defmacro"))

((source
   (read_cond_lit
     (list_lit
       .
       (sym_lit name: (sym_name) @_keyword)
       .
       (sym_lit name: (sym_name) @name)) @definition.variable))
  (#match? @_keyword "^(def|defonce)$"))
