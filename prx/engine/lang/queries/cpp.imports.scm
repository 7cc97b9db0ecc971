; C++ imports: the path of every #include, "local.hpp" and <system> alike.
(preproc_include path: [(string_literal) (system_lib_string)] @import)
