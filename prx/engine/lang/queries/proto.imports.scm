; Protocol Buffers imports: the path of every ``import`` (``public`` and ``weak`` ones
; too), as written: a path from one of the compiler's proto roots (its ``-I`` / ``--proto_path``
; directories), such as ``"google/protobuf/any.proto"``.
(import path: (string) @import)
