; Dart imports: the URI of every ``import`` and ``export`` (``'dart:async'``,
; ``'package:http/http.dart'``, ``'src/client.dart'``), the alternatives of a conditional
; import (``if (dart.library.io) 'io_client.dart'``), and the file of ``part`` /
; ``part of`` (``part of`` by library name, ``part of a.b;``, names no file).

(configurable_uri (uri) @import)
(configuration_uri (uri) @import)
(part_directive (uri) @import)
(part_of_directive (uri) @import)
