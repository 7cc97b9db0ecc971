; HCL / Terraform imports: the `source` of every top-level `module` block (a local path,
; a registry address or a git/http URL). Interpolated sources are skipped.
(config_file
  (body
    (block
      (identifier) @_keyword
      .
      (string_lit)
      .
      (block_start)
      (body
        (attribute
          (identifier) @_attr
          (expression
            (literal_value
              (string_lit
                .
                (quoted_template_start)
                .
                (template_literal) @import
                .
                (quoted_template_end)))))))
  (#eq? @_keyword "module")
  (#eq? @_attr "source")))
