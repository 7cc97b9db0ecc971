; Objective-C imports: the path of every ``#import`` / ``#include``, "local.h" and
; <Framework/Header.h> alike (resolved as C's includes), and the module of an ``@import``
; (``@import Foundation.NSString;`` imports the framework module ``Foundation``: a
; module, not a file, so it stays external).
(preproc_include path: [(string_literal) (system_lib_string)] @import)
(module_import . "@import" . path: (identifier) @import)
