; Haskell imports: the module of every `import` (`import qualified Data.Map as M` ->
; `Data.Map`; a package-qualified `import "pkg" Data.Map` -> `Data.Map`).
(import module: (module) @import)
