; C# imports: the namespace (or type) of every using directive, plain, `static`,
; `global` or aliased (`using Money = System.Decimal;` -> System.Decimal).
(using_directive [(qualified_name) (identifier) (generic_name) (alias_qualified_name)] @import .)
