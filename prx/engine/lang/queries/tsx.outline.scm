; TSX outline: TypeScript's, less the `<T>value` type assertion, which TSX reads as JSX (its
; grammar has no type_assertion node).
; inherits: typescript
; drop: (type_assertion)
