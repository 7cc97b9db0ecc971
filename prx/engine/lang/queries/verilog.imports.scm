; Verilog / SystemVerilog imports: the file of each ```include "defs.vh"`` as written (a
; path relative to the including file or to an include directory), and the package of each
; SystemVerilog ``import pkg::*;`` / ``import pkg::name;`` (``pkg``, found by name: the
; file that declares it). Module instances are not imports.
(include_compiler_directive (double_quoted_string) @import)
(package_import_declaration (package_import_item (package_identifier) @import))
