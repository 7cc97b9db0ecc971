; Makefile outline (tree-sitter-make).
;   rules            -> function, named by their target list as written (`clean distclean`,
;                       `$(BUILD_DIR)/%.o`); special targets (.PHONY, .SUFFIXES, ...) are left out
;   define ... endef -> function (a macro)
;   NAME = value     -> const (every flavour: = := ::= ?= += !=), also under export/override
;                       and inside ifeq/ifdef blocks; target-specific assignments are left out
; Rules have no @body: the signature is the `targets: prerequisites` line.

(rule
  (targets) @name
  (#not-match? @name "^\\.[A-Z_]+$")) @definition.function

(define_directive
  name: (word) @name) @definition.macro

(variable_assignment
  .
  name: (word) @name) @definition.const

(export_directive
  (variable_assignment
    .
    name: (word) @name)) @definition.const

(override_directive
  (variable_assignment
    .
    name: (word) @name)) @definition.const
