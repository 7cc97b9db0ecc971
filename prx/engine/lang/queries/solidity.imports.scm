; Solidity imports: the path of every import directive as written (``import "./A.sol";``,
; ``import {X} from "../B.sol";``, ``import * as C from "@scope/pkg/C.sol";``); quotes are
; removed by the engine.

(import_directive source: (string) @import)
