; Dockerfile outline.
;   FROM ... AS name -> class named by the stage
;   FROM image       -> class named by the image (an unnamed stage, often the final one)
;   ARG name[=value] -> const (the build arguments, global or per stage)
; The grammar has no node for a whole build stage (instructions are siblings of FROM), so
; a stage symbol is its FROM line only and the stage's ARGs are not nested under it.

(from_instruction
  as: (image_alias) @name) @definition.class

(from_instruction
  .
  (image_spec) @name
  .) @definition.class

(from_instruction
  .
  (param)
  .
  (image_spec) @name
  .) @definition.class

(arg_instruction
  name: (_) @name) @definition.const
