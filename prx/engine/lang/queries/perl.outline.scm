; Perl outline: packages (``package A::B;`` and ``package A::B { ... }``, module), named
; subs (function, named as written, ``Foo::bar`` included), the classes and methods of
; the ``class`` feature (Perl 5.38), and constants of ``use constant`` (``use constant
; NAME => ...`` at its statement; each key of ``use constant { A => 1, B => 2 }`` at its
; key). Anonymous subs, ``BEGIN``/``END`` blocks, ``has`` attributes (fields) and code in
; POD are not definitions. A ``package X;`` statement is one line: the subs after it are
; its members by convention only, and stay top-level.

(package_statement name: (package) @name (block) @body) @definition.module
(package_statement name: (package) @name ";") @definition.module

(class_statement name: (package) @name (block) @body) @definition.class
(class_statement name: (package) @name ";") @definition.class

(subroutine_declaration_statement name: (bareword) @name body: (block) @body) @definition.function

(method_declaration_statement name: (bareword) @name body: (block) @body) @definition.method

((use_statement
   "use"
   module: (package) @_constant
   (list_expression . (autoquoted_bareword) @name)) @definition.const
  (#eq? @_constant "constant"))

((use_statement
   "use"
   module: (package) @_constant
   (anonymous_hash_expression (list_expression (autoquoted_bareword) @name @definition.const)))
  (#eq? @_constant "constant"))
