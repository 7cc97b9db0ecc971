; Erlang imports: the file of `-include("x.hrl")` and `-include_lib("app/include/x.hrl")`
; as written, and the module atom of `-import(lists, [...])` and of `-behaviour(gen_server)`
; (`-behavior` too). Remote calls (`cowboy_req:reply(...)`) are not imports here.
(pp_include file: (string) @import)
(pp_include_lib file: (string) @import)
(import_attribute module: (atom) @import)
(behaviour_attribute name: (atom) @import)
