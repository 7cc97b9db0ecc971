; GraphQL imports: the language has none of its own; the ``#import "./fragment.graphql"``
; comment that graphql-tag's and Apollo's loaders read (a path relative to the importing
; file, or from a loader alias such as ``~/``) is one. The comment is captured whole and
; its quoted path taken (prx.engine.lang.imports).
((comment) @import
  (#match? @import "^#import[ \t]+[\"']"))
