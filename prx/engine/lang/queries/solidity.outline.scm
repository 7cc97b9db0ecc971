; Solidity outline: contracts (abstract ones included; class), interfaces, libraries
; (module: their functions stay functions, a contract's and an interface's are methods),
; functions (free ones included; bodiless interface declarations too), modifiers (as
; functions), constructors (named "constructor"), ``receive`` and ``fallback``, structs,
; enums, user-defined value types (``type T is uint256``), events and custom errors (type:
; they declare what a contract emits or reverts with), and constants: ``constant`` and
; ``immutable`` state variables and file-level constants. Other state variables are
; storage fields and are not reported, nor are struct members, enum values, ``using``
; directives or the functions of inline assembly. A bodiless declaration's signature
; runs to its ``;``.

(contract_declaration name: (identifier) @name body: (contract_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (contract_body) @body) @definition.interface
(library_declaration name: (identifier) @name body: (contract_body) @body) @definition.module

(function_definition name: (identifier) @name [(function_body) ";"] @body) @definition.function
(modifier_definition name: (identifier) @name [(function_body) ";"] @body) @definition.function
(constructor_definition "constructor" @name body: (function_body) @body) @definition.constructor
(fallback_receive_definition ["receive" "fallback"] @name [(function_body) ";"] @body) @definition.method

(struct_declaration name: (identifier) @name body: (struct_body) @body) @definition.struct
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(user_defined_type_definition name: (identifier) @name) @definition.type
(event_definition name: (identifier) @name ";" @body) @definition.type
(error_declaration name: (identifier) @name ";" @body) @definition.type

(constant_variable_declaration name: (identifier) @name) @definition.const
(state_variable_declaration "constant" name: (identifier) @name) @definition.const
(state_variable_declaration (immutable) name: (identifier) @name) @definition.const
