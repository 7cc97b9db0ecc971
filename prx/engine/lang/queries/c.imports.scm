; C imports: the path of every #include, "local.h" and <system.h> alike.
(preproc_include path: [(string_literal) (system_lib_string)] @import)
