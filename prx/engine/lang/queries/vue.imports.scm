; A Vue single-file component's imports are its <script>'s, read as JavaScript, or as TypeScript
; with lang="ts" (prx.engine.lang.injection).
((script_element
   (start_tag (attribute (attribute_name) @_attr (quoted_attribute_value (attribute_value) @_lang)))
   (raw_text) @injection.content)
 (#eq? @_attr "lang")
 (#match? @_lang "^(ts|typescript)$")
 (#set! injection.language "typescript"))

((script_element (raw_text) @injection.content)
 (#set! injection.language "javascript"))
