; Python outline: classes, functions (methods are functions inside classes), decorated
; definitions (the decorators stay in the signature), module-level UPPER_CASE constants
; and type aliases.
;
; Classes deriving from an Enum are enums, from Protocol are protocols (traits); the
; class patterns are mutually exclusive so one class is never reported under two kinds.

; ---- classes -------------------------------------------------------------------------

(decorated_definition
  definition: (class_definition
    name: (identifier) @name
    superclasses: (argument_list) @_bases
    body: (block) @body)
  (#match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag)([^A-Za-z0-9_]|$)")) @definition.enum

(class_definition
  name: (identifier) @name
  superclasses: (argument_list) @_bases
  body: (block) @body
  (#match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag)([^A-Za-z0-9_]|$)")) @definition.enum

(decorated_definition
  definition: (class_definition
    name: (identifier) @name
    superclasses: (argument_list) @_bases
    body: (block) @body)
  (#match? @_bases "(^|[^A-Za-z0-9_])Protocol([^A-Za-z0-9_]|$)")
  (#not-match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag)([^A-Za-z0-9_]|$)")) @definition.protocol

(class_definition
  name: (identifier) @name
  superclasses: (argument_list) @_bases
  body: (block) @body
  (#match? @_bases "(^|[^A-Za-z0-9_])Protocol([^A-Za-z0-9_]|$)")
  (#not-match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag)([^A-Za-z0-9_]|$)")) @definition.protocol

(decorated_definition
  definition: (class_definition
    name: (identifier) @name
    superclasses: (argument_list) @_bases
    body: (block) @body)
  (#not-match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag|Protocol)([^A-Za-z0-9_]|$)")) @definition.class

(class_definition
  name: (identifier) @name
  superclasses: (argument_list) @_bases
  body: (block) @body
  (#not-match? @_bases "(^|[^A-Za-z0-9_])(Enum|IntEnum|StrEnum|Flag|IntFlag|Protocol)([^A-Za-z0-9_]|$)")) @definition.class

(decorated_definition
  definition: (class_definition
    name: (identifier) @name
    !superclasses
    body: (block) @body)) @definition.class

(class_definition
  name: (identifier) @name
  !superclasses
  body: (block) @body) @definition.class

; ---- functions and methods -----------------------------------------------------------

(decorated_definition
  definition: (function_definition name: (identifier) @name body: (block) @body)) @definition.function

(function_definition name: (identifier) @name body: (block) @body) @definition.function

; ---- module-level constants and type aliases ------------------------------------------

; UPPER_CASE = value (optionally annotated, but not ``: TypeAlias``), unless the value
; creates a type (TypeVar, NewType, ...).
(module
  (expression_statement
    (assignment left: (identifier) @name !type right: (_) @_value) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$")
  (#not-match? @_value "^(typing\\.)?(TypeVar|TypeVarTuple|ParamSpec|NewType)\\(")
  (#not-match? @_value "^(\\w+\\.)?(NamedTuple|namedtuple|TypedDict|Enum|IntEnum|StrEnum|Flag|IntFlag)\\("))

(module
  (assignment left: (identifier) @name !type right: (_) @_value) @definition.const
  (#match? @name "^_*[A-Z][A-Z0-9_]*$")
  (#not-match? @_value "^(typing\\.)?(TypeVar|TypeVarTuple|ParamSpec|NewType)\\(")
  (#not-match? @_value "^(\\w+\\.)?(NamedTuple|namedtuple|TypedDict|Enum|IntEnum|StrEnum|Flag|IntFlag)\\("))

(module
  (expression_statement
    (assignment left: (identifier) @name type: (type) @_type right: (_)) @definition.const)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$")
  (#not-match? @_type "TypeAlias$"))

(module
  (assignment left: (identifier) @name type: (type) @_type right: (_)) @definition.const
  (#match? @name "^_*[A-Z][A-Z0-9_]*$")
  (#not-match? @_type "TypeAlias$"))

; Name: TypeAlias = ...
(module
  (expression_statement
    (assignment left: (identifier) @name type: (type) @_type) @definition.type)
  (#match? @_type "^(typing\\.)?TypeAlias$"))

(module
  (assignment left: (identifier) @name type: (type) @_type) @definition.type
  (#match? @_type "^(typing\\.)?TypeAlias$"))

; T = TypeVar("T"), UserId = NewType("UserId", int)
(module
  (expression_statement
    (assignment left: (identifier) @name !type right: (call) @_value) @definition.type)
  (#match? @_value "^(typing\\.)?(TypeVar|TypeVarTuple|ParamSpec|NewType)\\("))

(module
  (assignment left: (identifier) @name !type right: (call) @_value) @definition.type
  (#match? @_value "^(typing\\.)?(TypeVar|TypeVarTuple|ParamSpec|NewType)\\("))

; Point = NamedTuple("Point", ...), namedtuple(...), TypedDict(...): classes made by a call
(module
  (expression_statement
    (assignment left: (identifier) @name !type right: (call) @_value) @definition.class)
  (#match? @_value "^((typing|typing_extensions|collections)\\.)?(NamedTuple|namedtuple|TypedDict)\\("))

(module
  (assignment left: (identifier) @name !type right: (call) @_value) @definition.class
  (#match? @_value "^((typing|typing_extensions|collections)\\.)?(NamedTuple|namedtuple|TypedDict)\\("))

; Color = Enum("Color", "RED GREEN"): an enum made by a call
(module
  (expression_statement
    (assignment left: (identifier) @name !type right: (call) @_value) @definition.enum)
  (#match? @_value "^(enum\\.)?(Enum|IntEnum|StrEnum|Flag|IntFlag)\\("))

(module
  (assignment left: (identifier) @name !type right: (call) @_value) @definition.enum
  (#match? @_value "^(enum\\.)?(Enum|IntEnum|StrEnum|Flag|IntFlag)\\("))

; type Name[T] = ... (Python 3.12)
(module
  (type_alias_statement
    left: (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type)
