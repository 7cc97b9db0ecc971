; Go imports: the path of every import spec (single or grouped, aliased, blank or dot).
(import_spec path: [(interpreted_string_literal) (raw_string_literal)] @import)
