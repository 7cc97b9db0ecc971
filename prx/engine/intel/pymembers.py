"""Python methods and attributes used through instances: ``ctx.push()`` where ``ctx`` is
an ``AppContext`` (a fixture, a factory's result, a parameter), in any file that reaches
the class's module through its imports.

Python does not say a receiver's type, so each use is weighed: ``by_type`` when the code
near it does (``self`` in the class, ``x = AppContext(..)``, ``x: AppContext``,
``self.x = AppContext(..)`` in the class that holds it), dropped when it names another
type, else ``by_name`` when the call's arguments fit the method's parameters (the
``pop(name, default)`` of a dict is not ``AppContext.pop(exc=None)``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from prx.engine.intel.bindings import Occurrence, occurrences

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["Arity", "arity_of", "member_uses", "reaching_files"]

#: Importer files followed back from the defining file, at most (a large project's core
#: module is reached by most files: past this, the files found so far answer).
MAX_REACHING = 3000


class Arity(NamedTuple):
    """What a function accepts: positional arguments from ``least`` to ``most`` (None:
    any number), the keyword names it has, and whether it takes any keyword."""

    least: int
    most: int | None
    keywords: frozenset[str]
    any_keyword: bool


def arity_of(defn_node: Any, method: bool) -> Arity | None:
    """The arity of a Python ``function_definition`` (``self``/``cls`` not counted for a
    method, unless it is a ``staticmethod``)."""
    params = defn_node.child_by_field_name("parameters")
    if params is None:
        return None
    decorated = defn_node.parent is not None and defn_node.parent.type == "decorated_definition"
    static = decorated and b"staticmethod" in bytes(defn_node.parent.text or b"")
    least, most, names = 0, 0, set()
    unbounded = any_keyword = keyword_only = False
    skip_first = method and not static
    for child in params.named_children:
        kind = child.type
        if kind in ("list_splat_pattern",):
            unbounded = True
            keyword_only = True
            continue
        if kind == "dictionary_splat_pattern":
            any_keyword = True
            continue
        if kind == "keyword_separator":
            keyword_only = True
            continue
        if kind == "positional_separator":
            continue
        name_node = child if kind == "identifier" else child.child_by_field_name("name")
        if name_node is None and child.named_child_count:
            name_node = child.named_children[0]
        name = bytes(name_node.text or b"").decode() if name_node is not None else ""
        if skip_first:
            skip_first = False
            continue
        names.add(name)
        if keyword_only:
            continue
        most += 1
        if kind in ("identifier", "typed_parameter"):
            least += 1
    return Arity(least, None if unbounded else most, frozenset(names), any_keyword)


def _fits(call: Any, arity: Arity) -> bool:
    """Whether the arguments of ``call`` (an ``argument_list``) fit ``arity``."""
    positional = 0
    for arg in call.named_children:
        if arg.type in ("list_splat", "dictionary_splat", "parenthesized_list_splat"):
            return True  # the count is not known here
        if arg.type == "keyword_argument":
            key = arg.child_by_field_name("name")
            word = bytes(key.text or b"").decode() if key is not None else ""
            if word not in arity.keywords and not arity.any_keyword:
                return False
            continue
        if arg.type != "comment":
            positional += 1
    if arity.most is not None and positional > arity.most:
        return False
    return (
        positional >= arity.least
        or positional + sum(1 for a in call.named_children if a.type == "keyword_argument")
        >= arity.least
    )


def reaching_files(project: Project, defining: str) -> list[str]:
    """The files whose imports reach ``defining``, directly or through other modules."""
    seen = {defining}
    queue = [defining]
    while queue and len(seen) < MAX_REACHING:
        here = queue.pop()
        for edge in project.graph.edges_to(here):
            if edge.source not in seen:
                seen.add(edge.source)
                queue.append(edge.source)
    seen.discard(defining)
    return sorted(seen)


def _enclosing(node: Any, kinds: tuple[str, ...]) -> Any:
    here = node.parent
    while here is not None and here.type not in kinds:
        here = here.parent
    return here


def _receiver_type(data: bytes, node: Any, receiver: str) -> str | None:
    """The class the code near ``node`` says ``receiver`` is (``x = C(..)``, ``x: C``,
    ``with C(..) as x``; ``self.x = C(..)`` in the enclosing class), else None."""
    word = re.escape(receiver.split(".")[-1])
    if receiver.startswith("self.") and receiver.count(".") == 1:
        scope = _enclosing(node, ("class_definition",))
        pattern = (
            rb"self\." + word.encode() + rb"\s*(?::\s*['\"]?([A-Za-z_]\w*)|=\s*([A-Za-z_]\w*)\s*\()"
        )
    elif receiver.isidentifier():
        scope = _enclosing(node, ("function_definition",)) or _enclosing(node, ("module",))
        pattern = (
            rb"(?<![\w.])" + word.encode() + rb"\s*(?::\s*['\"]?([A-Za-z_]\w*)"
            rb"|=\s*([A-Za-z_]\w*)\s*\()|([A-Za-z_]\w*)\s*\([^()\n]*\)\s+as\s+"
            + word.encode()
            + rb"\b"
        )
    else:
        return None
    if scope is None:
        return None
    found = re.search(pattern, bytes(scope.text or b""))
    if found is None:
        return None
    kind = next(g for g in found.groups() if g)
    return kind.decode()


#: Builtin types whose members a project's class does not define.
_BUILTIN_TYPES = frozenset(
    {
        "dict",
        "list",
        "set",
        "frozenset",
        "str",
        "bytes",
        "bytearray",
        "tuple",
        "int",
        "float",
        "object",
        "type",
        "deque",
        "defaultdict",
        "OrderedDict",
        "Counter",
    }
)


class MemberUse(NamedTuple):
    """A use of a member through an instance, and how sure it is."""

    file: str
    occurrence: Occurrence
    certainty: str


def member_uses(
    project: Project,
    files: list[str],
    container: str,
    name: str,
    arity: Arity | None,
    classes: frozenset[str],
) -> list[MemberUse]:
    """The ``.name`` uses in ``files`` that may be the member ``container.name``.

    :param classes: the project's classes that define a member ``name`` too: a receiver
        known to be one of them is another member's use.
    """
    from prx.engine.intel.models.base import BY_NAME, BY_TYPE

    out = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or parsed.language != "python" or name.encode() not in parsed.data:
            continue
        for occ in occurrences(parsed, name):
            if occ.receiver is None or occ.in_import or occ.defining:
                continue
            node = _node_at(parsed, occ.byte)
            if node is None:
                continue
            if occ.receiver in ("self", "cls"):
                owner = _enclosing(node, ("class_definition",))
                owner_name = owner.child_by_field_name("name") if owner is not None else None
                kind = bytes(owner_name.text or b"").decode() if owner_name is not None else None
            elif occ.receiver == container or occ.receiver in classes:
                kind = occ.receiver  # called on the class itself: ``Table.from_data(..)``
            else:
                kind = _receiver_type(parsed.data, node, occ.receiver)
            if kind == container:
                out.append(MemberUse(rel, occ, BY_TYPE))
                continue
            if kind is not None and (kind in classes or kind in _BUILTIN_TYPES):
                continue  # another type's member
            call = node.parent.parent if node.parent is not None else None
            if arity is not None and call is not None and call.type == "call":
                arguments = call.child_by_field_name("arguments")
                if arguments is not None and arguments.type == "argument_list":
                    if not _fits(arguments, arity):
                        continue
            out.append(MemberUse(rel, occ, BY_NAME))
    return out


def _node_at(parsed: ParsedFile, offset: int) -> Any:
    tree = parsed.tree
    if tree is None:
        return None
    return tree.root_node.named_descendant_for_byte_range(offset, offset + 1)
