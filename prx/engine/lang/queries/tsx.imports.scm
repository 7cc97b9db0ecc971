; TSX imports: the same as TypeScript's.
; inherits: typescript
