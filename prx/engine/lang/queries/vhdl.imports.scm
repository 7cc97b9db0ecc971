; VHDL imports: the package of each ``use`` clause, with its library, as written
; (``use work.queue_pkg.all;`` and ``use work.queue_pkg.queue_t;`` -> ``work.queue_pkg``;
; ``use ieee.numeric_std.all;`` -> ``ieee.numeric_std``), and each context of a ``context``
; reference (``context vunit_lib.vunit_context;``). A package is found by name, not by
; path: the resolver maps it to the file that declares it. ``library`` clauses name no
; unit and are not imports; nor are entity instances (``entity work.counter``).
(use_clause (selected_name prefix: (selected_name) @import))
(context_reference (context_list (selected_name) @import))
