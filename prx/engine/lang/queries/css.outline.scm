; CSS outline.
;   rule sets                     -> struct, named by their first selector (the signature
;                                    holds the whole selector list)
;   @media / @supports / @layer / @container and other block at-rules
;                                 -> class, named by the at-rule and its prelude
;   @keyframes name               -> class
;   custom properties (--name: v) -> const, under the rule that sets them
; Nested rule sets (inside an at-rule, or CSS nesting) nest by containment.

(rule_set
  (selectors . (_) @name)
  (block) @body) @definition.struct

(media_statement
  "@media" @name
  .
  (_) @name
  (block) @body) @definition.class

(supports_statement
  "@supports" @name
  .
  (_) @name
  (block) @body) @definition.class

(at_rule
  (at_keyword) @name
  .
  (_)? @name
  (block) @body) @definition.class

(keyframes_statement
  (keyframes_name) @name
  (keyframe_block_list) @body) @definition.class

(declaration
  (property_name) @name
  ";"? @body
  (#match? @name "^--")) @definition.const
