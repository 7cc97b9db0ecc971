; Markdown outline (tree-sitter-md block grammar): one class per heading.
; An ATX heading (`## Title`) opens a `section` that runs to the next heading of the same
; or a higher level; the section is the definition, so subsections nest under it and its
; lines cover the whole section. The name is the heading text without the #s.
(section
  .
  (atx_heading
    heading_content: (inline) @name)) @definition.class

; Setext headings (`Title` underlined with === or ---) get no section of their own in
; this grammar: the symbol is the heading alone, nested in the ATX section it falls in.
(setext_heading
  heading_content: (paragraph (inline) @name)) @definition.class
