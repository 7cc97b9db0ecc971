"""How the command line and ``prx batch`` word the errors core code raises.

Core errors name parameters by their Python names and commands by name, as placeholders
(see :mod:`prx.core.errors`); here they become ``--top-k`` and ```prx find``` on the command line,
and the JSON keys (``top_k``) of a batch line.
"""

from __future__ import annotations

from prx.core.errors import Wording
from prx.core.record import RecordField, fields_of
from prx.plugin.operation import Operation, ParamInfo

__all__ = ["BatchWording", "CliWording"]

#: Python names of the global flags (``no_fallback`` is ``--no-fallback`` everywhere,
#: batch included: it is a flag of ``prx batch`` itself).
GLOBAL_NAMES = frozenset({"plain", "text", "no_fallback", "no_plugins", "quiet"})


def _dashed(name: str) -> str:
    return "--" + name.replace("_", "-")


def _field(op: Operation | None, name: str) -> tuple[RecordField, ParamInfo] | None:
    """The parameter of ``op`` called ``name``, or having it as an alias."""
    if op is None:
        return None
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if isinstance(info, ParamInfo) and (field.name == name or name in info.aliases):
            return field, info
    return None


class CliWording(Wording):
    """The command line's wording: flags (``--top-k``), positionals by their metavar
    (``PATH``) and commands as ```prx find```.

    :param op: the operation whose flags the error names (None outside one).
    """

    def __init__(self, op: Operation | None = None) -> None:
        self.op = op

    def param(self, name: str) -> str:
        found = None if name in GLOBAL_NAMES else _field(self.op, name)
        if found is None:
            return _dashed(name)
        field, info = found
        if info.positional:
            return info.metavar or field.name.upper()
        return info.flag or _dashed(field.name)

    def command(self, name: str) -> str:
        return f"`prx {name}`"


class BatchWording(CliWording):
    """``prx batch``: commands as on the command line, parameters as the JSON keys of a
    request line (``top_k``)."""

    def param(self, name: str) -> str:
        if name in GLOBAL_NAMES:
            return super().param(name)
        found = _field(self.op, name)
        return found[0].name if found is not None else name
