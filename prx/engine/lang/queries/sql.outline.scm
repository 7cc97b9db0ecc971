; SQL outline (tree-sitter-sql): the objects a schema file creates. Names are the object
; reference as written, schema-qualified when it is (`lending.books`).
;   CREATE TABLE                      -> struct (columns are not listed)
;   CREATE [MATERIALIZED] VIEW        -> type
;   CREATE FUNCTION                   -> function (body: the AS $$ ... $$ part)
;   CREATE TYPE ... AS ENUM           -> enum
;   CREATE TYPE ... AS (composite)    -> struct
;   CREATE INDEX / TRIGGER / SEQUENCE -> const
; The grammar has no CREATE PROCEDURE: such statements parse as ERROR and are not listed.

; Tables: the body is the column list, or the query of CREATE TABLE ... AS.
(create_table
  (object_reference) @name
  [(column_definitions) (keyword_as)]? @body) @definition.struct

; Views: the signature stops before AS (the query is the body).
(create_view
  (object_reference) @name
  (keyword_as) @body) @definition.type

(create_materialized_view
  (object_reference) @name
  (keyword_as) @body) @definition.type

(create_function
  (object_reference) @name
  (function_body)? @body) @definition.function

(create_type
  (object_reference) @name
  (enum_elements) @body) @definition.enum

(create_type
  (object_reference) @name
  (keyword_as) @body
  .
  (column_definitions)) @definition.struct

(create_index
  column: (identifier) @name) @definition.const

; Triggers: the signature runs up to EXECUTE FUNCTION (event, table, FOR EACH ...).
(create_trigger
  (keyword_trigger)
  .
  (object_reference) @name
  (keyword_execute) @body) @definition.const

(create_sequence
  (object_reference) @name) @definition.const
