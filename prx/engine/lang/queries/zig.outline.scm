; Zig outline: functions (``fn``, ``extern fn``, ``export fn``; methods inside a struct,
; enum, union or opaque type, and inside the ``return struct { ... }`` of a generic type
; function they nest under that function), types (``const Name = struct / enum / union /
; opaque { ... }``, ``packed`` and ``extern`` ones included, and ``error{ ... }`` sets),
; tests (named by their string as written, quotes included: ``"url: parse"``), and
; container-level constants and variables (a file's or a type's ``const`` / ``var``).
;
; Not definitions: struct fields, locals inside function bodies (except types declared
; there, whose functions are definitions too), and container-level aliases: a
; declaration whose value is ``@import(..)``, ``@This()``, ``@cImport(..)`` or a bare name
; or dotted path (``const Allocator = std.mem.Allocator;``).
;
; This grammar puts ``pub`` before the declaration node, so signatures start after it.
; Compile cost: a pattern naming ``Decl`` or an expression child of ``VarDecl`` costs the
; query compiler ~20 ms on this grammar, so declarations are told apart by their text.

; ---- functions ------------------------------------------------------------------------

(_ (FnProto function: (IDENTIFIER) @name) (Block)? @body) @definition.function

; ---- types (anywhere, a function-local one included) ------------------------------------

((VarDecl variable_type_function: (IDENTIFIER) @name) @definition.struct
  (#match? @definition.struct "^(const|var)[ \t]+[^=]*=[ \t\r\n]*((extern|packed)[ \t]+)?struct[ \t\r\n]*[({]"))

((VarDecl variable_type_function: (IDENTIFIER) @name) @definition.enum
  (#match? @definition.enum "^(const|var)[ \t]+[^=]*=[ \t\r\n]*((extern|packed)[ \t]+)?enum[ \t\r\n]*[({]"))

((VarDecl variable_type_function: (IDENTIFIER) @name) @definition.union
  (#match? @definition.union "^(const|var)[ \t]+[^=]*=[ \t\r\n]*((extern|packed)[ \t]+)?union[ \t\r\n]*[({]"))

((VarDecl variable_type_function: (IDENTIFIER) @name) @definition.type
  (#match? @definition.type "^(const|var)[ \t]+[^=]*=[ \t\r\n]*(opaque[ \t\r\n]*\\{|error[ \t\r\n]*\\{)"))

; ---- tests ----------------------------------------------------------------------------

(TestDecl [(STRINGLITERALSINGLE) (IDENTIFIER)] @name (Block) @body) @definition.function

; ---- container-level constants and variables (not types, not aliases) -------------------

((source_file (_ (VarDecl variable_type_function: (IDENTIFIER) @name) @definition.const))
  (#not-match? @definition.const "^(const|var)[ \t]+[^=]*=[ \t\r\n]*(@(import|This|cImport)[ \t]*\\(|[A-Za-z_][A-Za-z0-9_]*([ \t\r\n]*\\.[ \t\r\n]*[A-Za-z_][A-Za-z0-9_]*)*[ \t\r\n]*;|((extern|packed)[ \t]+)?(struct|enum|union|opaque)[ \t\r\n]*[({]|error[ \t\r\n]*\\{)"))

((ContainerDecl (_ (VarDecl variable_type_function: (IDENTIFIER) @name) @definition.const))
  (#not-match? @definition.const "^(const|var)[ \t]+[^=]*=[ \t\r\n]*(@(import|This|cImport)[ \t]*\\(|[A-Za-z_][A-Za-z0-9_]*([ \t\r\n]*\\.[ \t\r\n]*[A-Za-z_][A-Za-z0-9_]*)*[ \t\r\n]*;|((extern|packed)[ \t]+)?(struct|enum|union|opaque)[ \t\r\n]*[({]|error[ \t\r\n]*\\{)"))
