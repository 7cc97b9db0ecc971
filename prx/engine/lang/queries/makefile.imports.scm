; Makefile imports: every file named by include, -include and sinclude, as written
; (variable references such as `$(HOME)/x.mk` are not expanded).
(include_directive
  filenames: (list (_) @import))
