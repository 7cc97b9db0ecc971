; HTML imports: the `src` of every <script>, and the `href` of every <link> that loads
; code or styles (rel="stylesheet" or rel="modulepreload"; icons, canonical URLs and
; preconnect hints are not imports). Attribute values may be quoted or not; attributes
; may come in either order.

(script_element
  (start_tag
    (attribute
      (attribute_name) @_attr
      [(attribute_value) @import
       (quoted_attribute_value (attribute_value) @import)]))
  (#eq? @_attr "src"))

(element
  (start_tag
    (tag_name) @_tag
    (attribute
      (attribute_name) @_rel
      [(attribute_value) @_kind
       (quoted_attribute_value (attribute_value) @_kind)])
    (attribute
      (attribute_name) @_attr
      [(attribute_value) @import
       (quoted_attribute_value (attribute_value) @import)]))
  (#eq? @_tag "link")
  (#eq? @_rel "rel")
  (#match? @_kind "(^|\\s)(stylesheet|modulepreload)(\\s|$)")
  (#eq? @_attr "href"))

(element
  (start_tag
    (tag_name) @_tag
    (attribute
      (attribute_name) @_attr
      [(attribute_value) @import
       (quoted_attribute_value (attribute_value) @import)])
    (attribute
      (attribute_name) @_rel
      [(attribute_value) @_kind
       (quoted_attribute_value (attribute_value) @_kind)]))
  (#eq? @_tag "link")
  (#eq? @_rel "rel")
  (#match? @_kind "(^|\\s)(stylesheet|modulepreload)(\\s|$)")
  (#eq? @_attr "href"))
