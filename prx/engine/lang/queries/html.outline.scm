; HTML outline: the elements that carry an `id` (the page's anchors and script hooks),
; as struct, named by the id and nested by containment; the signature is the start tag.
; Void elements (<input>, <img>, ...) have no end tag and the grammar stretches their
; `element` over the whitespace that follows, so for them the start tag is the node.

((element
  (start_tag
    (attribute
      (attribute_name) @_attr
      [(attribute_value) @name
       (quoted_attribute_value (attribute_value) @name)]))
  .
  (_) @body) @definition.struct
  (#eq? @_attr "id"))

((element
  .
  (start_tag
    (attribute
      (attribute_name) @_attr
      [(attribute_value) @name
       (quoted_attribute_value (attribute_value) @name)])) @definition.struct
  .)
  (#eq? @_attr "id"))
