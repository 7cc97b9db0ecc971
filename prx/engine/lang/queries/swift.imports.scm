; Swift imports: the module (or `import struct M.T` symbol) of every import.
(import_declaration (identifier) @import)
