; Ruby outline: modules, classes (``class << self`` blocks included, named "self"), methods
; (``def`` is a function at the top level, a method inside a class or module; ``def self.x``
; is a method named ``x``, its signature shows ``self.``), constants, and classes built with
; ``Struct.new`` / ``Class.new`` / ``Data.define``.
;
; A module is captured as ``object`` (reported as ``class``, like ``module``) because the
; engine turns functions into methods only inside class-like kinds, and the ``def``s of a
; Ruby module are methods (mixins, ``module_function``), unlike a namespace's functions.

(module name: (_) @name body: (body_statement)? @body) @definition.object

(class name: (_) @name body: (body_statement)? @body) @definition.class

(singleton_class value: (_) @name body: (body_statement)? @body) @definition.object

(method name: (_) @name body: (_)? @body) @definition.function

(singleton_method name: (_) @name body: (_)? @body) @definition.method

; Point = Struct.new(:x, :y) do ... end / Failure = Class.new(StandardError)
((assignment
   left: (constant) @name
   right: (call
     receiver: (constant) @_receiver
     method: (identifier) @_constructor
     block: (do_block)? @body)) @definition.class
  (#match? @_receiver "^(Struct|Class|Data)$")
  (#match? @_constructor "^(new|define)$"))

; any other constant assignment: VERSION = "1.0"
((assignment left: (constant) @name right: (_) @_value) @definition.const
  (#not-match? @_value "^(Struct|Class|Data)\\.(new|define)([^A-Za-z0-9_]|$)"))
