; HCL / Terraform outline: the top-level blocks of a configuration.
;   resource "type" "name"  -> struct, named `type.name` (Terraform's address)
;   data "type" "name"      -> struct, named `data.type.name`
;   module "name"           -> module (class)
;   provider "name"         -> class
;   variable / output "n"   -> const
;   locals { ... }          -> const `locals`, each local a const child
;   top-level `key = value` (.tfvars) -> const
;  The @name captures of resource and data blocks are joined with "." (#set! name.separator),
; giving Terraform's addresses. The signature stops before the block's `{`.

(config_file
  (body
    (block
      (identifier) @_keyword
      .
      (string_lit (template_literal) @name)
      .
      (string_lit (template_literal) @name)
      .
      (block_start) @body) @definition.struct)
  (#eq? @_keyword "resource")
  (#set! name.separator "."))

(config_file
  (body
    (block
      (identifier) @name @_keyword
      .
      (string_lit (template_literal) @name)
      .
      (string_lit (template_literal) @name)
      .
      (block_start) @body) @definition.struct)
  (#eq? @_keyword "data")
  (#set! name.separator "."))

(config_file
  (body
    (block
      (identifier) @_keyword
      .
      (string_lit (template_literal) @name)
      .
      (block_start) @body) @definition.module)
  (#eq? @_keyword "module"))

(config_file
  (body
    (block
      (identifier) @_keyword
      .
      (string_lit (template_literal) @name)
      .
      (block_start) @body) @definition.class)
  (#eq? @_keyword "provider"))

(config_file
  (body
    (block
      (identifier) @_keyword
      .
      (string_lit (template_literal) @name)
      .
      (block_start) @body) @definition.const)
  (#any-of? @_keyword "variable" "output"))

(config_file
  (body
    (block
      (identifier) @name @_keyword
      .
      (block_start) @body) @definition.const)
  (#eq? @_keyword "locals"))

; Locals and top-level attributes: a value opening a multi-line object or tuple is left
; out of the signature (it would end in a dangling `{` or `[`); other values stay.
(config_file
  (body
    (block
      (identifier) @_keyword
      (body
        (attribute
          (identifier) @name
          (expression) @body) @definition.const))
  (#eq? @_keyword "locals")
  (#match? @body "^[\\[{][^\n]*\n")))

(config_file
  (body
    (block
      (identifier) @_keyword
      (body
        (attribute
          (identifier) @name
          (expression) @_value) @definition.const))
  (#eq? @_keyword "locals")
  (#not-match? @_value "^[\\[{][^\n]*\n")))

(config_file
  (body
    (attribute
      (identifier) @name
      (expression) @body) @definition.const)
  (#match? @body "^[\\[{][^\n]*\n"))

(config_file
  (body
    (attribute
      (identifier) @name
      (expression) @_value) @definition.const)
  (#not-match? @_value "^[\\[{][^\n]*\n"))
