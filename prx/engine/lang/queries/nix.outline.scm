; Nix outline: the bindings of the file's top-level ``let``: the ``let`` that is the file's
; expression or is reached from it through function bodies (``{ lib, ... }: let ... in``,
; ``a: b: let ...``), ``with`` and ``assert`` bodies and the body of another top-level
; ``let``, up to three such steps. A binding whose value is a function (``f = x: ...``,
; ``mkApp = { drv }: ...``, also ``f = let ... in x: ...``) is a function, any other a
; constant (Nix names are immutable); an attribute path is named as written (``a.b``).
;
; Not definitions: the function's formal parameters, ``inherit`` / ``inherit (lib) ...``
; (they re-bind names defined elsewhere, like an import), bindings of a ``let`` inside a
; binding's value or a lambda's argument (locals), and keys of attribute sets, the
; returned one included (module options, flake outputs).
;
; A value is told a function from a constant by its node type, so the constant patterns
; list every other expression type (queries have no negated node type).

; ---- depth 0: `let ... in` is the file ----------------------------------------------

(source_code
  (let_expression
    (binding_set
      binding: (binding
        attrpath: (attrpath) @name
        expression: [(function_expression)
                     (let_expression body: (function_expression))]) @definition.function)))

(source_code
  (let_expression
    (binding_set
      binding: (binding
        attrpath: (attrpath) @name
        expression: [(apply_expression) (assert_expression) (attrset_expression)
                     (binary_expression) (float_expression) (has_attr_expression)
                     (hpath_expression) (if_expression) (indented_string_expression)
                     (integer_expression) (let_attrset_expression) (list_expression)
                     (parenthesized_expression) (path_expression) (rec_attrset_expression)
                     (select_expression) (spath_expression) (string_expression)
                     (unary_expression) (uri_expression) (variable_expression)
                     (with_expression)
                     (let_expression body: [(apply_expression) (assert_expression)
                       (attrset_expression) (binary_expression) (float_expression)
                       (has_attr_expression) (hpath_expression) (if_expression)
                       (indented_string_expression) (integer_expression)
                       (let_attrset_expression) (let_expression) (list_expression)
                       (parenthesized_expression) (path_expression) (rec_attrset_expression)
                       (select_expression) (spath_expression) (string_expression)
                       (unary_expression) (uri_expression) (variable_expression)
                       (with_expression)])]) @definition.const)))

; ---- depth 1: the body of the file's function, `with` or `let` ---------------------------

(source_code
  (_
    body: (let_expression
      (binding_set
        binding: (binding
          attrpath: (attrpath) @name
          expression: [(function_expression)
                       (let_expression body: (function_expression))]) @definition.function))))

(source_code
  (_
    body: (let_expression
      (binding_set
        binding: (binding
          attrpath: (attrpath) @name
          expression: [(apply_expression) (assert_expression) (attrset_expression)
                       (binary_expression) (float_expression) (has_attr_expression)
                       (hpath_expression) (if_expression) (indented_string_expression)
                       (integer_expression) (let_attrset_expression) (list_expression)
                       (parenthesized_expression) (path_expression) (rec_attrset_expression)
                       (select_expression) (spath_expression) (string_expression)
                       (unary_expression) (uri_expression) (variable_expression)
                       (with_expression)
                       (let_expression body: [(apply_expression) (assert_expression)
                         (attrset_expression) (binary_expression) (float_expression)
                         (has_attr_expression) (hpath_expression) (if_expression)
                         (indented_string_expression) (integer_expression)
                         (let_attrset_expression) (let_expression) (list_expression)
                         (parenthesized_expression) (path_expression) (rec_attrset_expression)
                         (select_expression) (spath_expression) (string_expression)
                         (unary_expression) (uri_expression) (variable_expression)
                         (with_expression)])]) @definition.const))))

; ---- depth 2: `{ pkgs }: { lib }: let ...`, `{ lib, ... }: with lib; let ...` -------------

(source_code
  (_
    body: (_
      body: (let_expression
        (binding_set
          binding: (binding
            attrpath: (attrpath) @name
            expression: [(function_expression)
                         (let_expression body: (function_expression))]) @definition.function)))))

(source_code
  (_
    body: (_
      body: (let_expression
        (binding_set
          binding: (binding
            attrpath: (attrpath) @name
            expression: [(apply_expression) (assert_expression) (attrset_expression)
                         (binary_expression) (float_expression) (has_attr_expression)
                         (hpath_expression) (if_expression) (indented_string_expression)
                         (integer_expression) (let_attrset_expression) (list_expression)
                         (parenthesized_expression) (path_expression) (rec_attrset_expression)
                         (select_expression) (spath_expression) (string_expression)
                         (unary_expression) (uri_expression) (variable_expression)
                         (with_expression)
                         (let_expression body: [(apply_expression) (assert_expression)
                           (attrset_expression) (binary_expression) (float_expression)
                           (has_attr_expression) (hpath_expression) (if_expression)
                           (indented_string_expression) (integer_expression)
                           (let_attrset_expression) (let_expression) (list_expression)
                           (parenthesized_expression) (path_expression)
                           (rec_attrset_expression) (select_expression) (spath_expression)
                           (string_expression) (unary_expression) (uri_expression)
                           (variable_expression) (with_expression)])]) @definition.const)))))

; ---- depth 3 ----------------------------------------------------------------------------

(source_code
  (_
    body: (_
      body: (_
        body: (let_expression
          (binding_set
            binding: (binding
              attrpath: (attrpath) @name
              expression: [(function_expression)
                           (let_expression body: (function_expression))]) @definition.function))))))

(source_code
  (_
    body: (_
      body: (_
        body: (let_expression
          (binding_set
            binding: (binding
              attrpath: (attrpath) @name
              expression: [(apply_expression) (assert_expression) (attrset_expression)
                           (binary_expression) (float_expression) (has_attr_expression)
                           (hpath_expression) (if_expression) (indented_string_expression)
                           (integer_expression) (let_attrset_expression) (list_expression)
                           (parenthesized_expression) (path_expression)
                           (rec_attrset_expression) (select_expression) (spath_expression)
                           (string_expression) (unary_expression) (uri_expression)
                           (variable_expression) (with_expression)
                           (let_expression body: [(apply_expression) (assert_expression)
                             (attrset_expression) (binary_expression) (float_expression)
                             (has_attr_expression) (hpath_expression) (if_expression)
                             (indented_string_expression) (integer_expression)
                             (let_attrset_expression) (let_expression) (list_expression)
                             (parenthesized_expression) (path_expression)
                             (rec_attrset_expression) (select_expression) (spath_expression)
                             (string_expression) (unary_expression) (uri_expression)
                             (variable_expression) (with_expression)])])
              @definition.const))))))
