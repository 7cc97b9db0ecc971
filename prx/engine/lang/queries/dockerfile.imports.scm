; Dockerfile imports: the image of every FROM, as written (tag, digest and ${ARG}
; references included; `scratch` is no image). A FROM naming an earlier stage
; (`FROM build AS test`) is listed too: a query cannot tell stage names from images.
; COPY/ADD --from=<stage|image> are not listed: the grammar's `param` node has no child
; for the value, so the capture would read `--from=...`.
((from_instruction
  (image_spec) @import)
  (#not-eq? @import "scratch"))
