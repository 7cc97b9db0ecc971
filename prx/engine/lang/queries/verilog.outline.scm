; Verilog / SystemVerilog outline: the design units (``module``/``macromodule``,
; ``interface``, ``program``, ``checker``, ``primitive``, ``package``: module), classes
; (``class``, ``virtual class``: class; ``interface class``: interface), each ``function``
; and ``task`` (function; inside a class a method, ``function new`` included, and so is an
; ``extern`` / ``pure virtual`` prototype), ``typedef``s (type), a package's or the
; compilation unit's ``parameter`` / ``localparam`` (const), and text macros: a
; ```define`` with arguments (macro) or with a value (const).
;
; Not definitions: ports and the parameters of a module (in its header or its body: they
; are its ports of configuration), nets, regs and variables, instances of other modules,
; ``always`` / ``initial`` blocks, class properties, ``modport``s, and a ```define`` with no
; value (a flag for ```ifdef``). A function defined out of its class (``function void
; C::f();``) is not recognised by this grammar, nor is a definition inside a region the
; grammar could not parse.

; ---- design units ---------------------------------------------------------------------

(module_declaration (module_header (simple_identifier) @name)) @definition.module

(interface_declaration (_ (interface_identifier) @name)) @definition.module

(program_declaration (_ (program_identifier) @name)) @definition.module

(checker_declaration . (checker_identifier) @name) @definition.module

(udp_declaration
  [(udp_nonansi_declaration . (simple_identifier) @name)
   (udp_ansi_declaration . (simple_identifier) @name)]) @definition.module

(package_declaration . (package_identifier) @name) @definition.module

; ---- classes --------------------------------------------------------------------------

(class_declaration . (class_identifier) @name) @definition.class

(interface_class_declaration . (class_identifier) @name) @definition.interface

; ---- functions and tasks --------------------------------------------------------------

(function_declaration (function_body_declaration (function_identifier) @name)) @definition.function

(task_declaration (task_body_declaration (task_identifier) @name)) @definition.function

(class_constructor_declaration "new" @name) @definition.method

(class_method (function_prototype (function_identifier) @name)) @definition.method
(class_method (task_prototype (task_identifier) @name)) @definition.method
(interface_class_method (function_prototype (function_identifier) @name)) @definition.method

; ---- types ----------------------------------------------------------------------------

(type_declaration (simple_identifier) @name .) @definition.type

; ---- constants: a package's or the compilation unit's parameters ----------------------
; Each ``param_assignment`` is one (``parameter A = 1, B = 2;`` holds two).

(package_declaration
  (package_or_generate_item_declaration
    (_ (list_of_param_assignments (param_assignment (parameter_identifier) @name) @definition.const))))

(source_file
  (package_or_generate_item_declaration
    (_ (list_of_param_assignments (param_assignment (parameter_identifier) @name) @definition.const))))

; ---- text macros ----------------------------------------------------------------------

((text_macro_definition
   (text_macro_name (text_macro_identifier) @name)
   (macro_text) @_text) @definition.macro
  (#match? @_text "^\\("))

((text_macro_definition
   (text_macro_name (text_macro_identifier) @name)
   (macro_text) @_text) @definition.const
  (#match? @_text "^[ \t]*[^ \t\r\n(]"))
