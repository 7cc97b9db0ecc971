; Fortran imports: the module of each ``use`` statement as written (``use stdlib_io, only:
; open`` -> ``stdlib_io``; ``use, intrinsic :: iso_fortran_env`` too, which no file of a
; repository defines), and the file of an ``include 'mpif.h'`` line. A module is found by
; name, not by path: the resolver maps it to the file that defines it.
(use_statement (module_name) @import)
(include_statement path: (filename) @import)
