"""Python identifiers rope could not bind that the language's own rules keep apart from
the renamed definition, whatever the types.

- **A keyword argument's name** (``sorted(xs, reverse=True)``) names a parameter of the
  function called, never a function, method or class: left alone. Not in a ``dict(...)``
  call, whose keywords are keys, and a registry keyed by name may be meant.
- **A bare name inside a function, when a method is renamed** (``[count for count, _ in
  pairs]``): a class's attributes are no names of the functions nested in it, so a bare
  name there is a local, a global or a builtin, never the method. (In the class body
  itself, a bare name can be the method, and a module that binds the name at its top
  level, ``count = Bag.count`` or a star import, may alias it: left unsure.)
- **A member of an object's ``__dict__`` or of ``vars(...)``** (``mod.__dict__.get(k)``)
  is a method of a mapping, never a definition of the project's.
- **An attribute of what holds no module, when a module-level definition is renamed**
  (``self._search_re.search(s)``, ``parser.parse(text)`` for the function ``search`` or
  ``parse``): a module's function or class is an attribute of its module only. A
  receiver may hold a module when its name comes from an import statement; and any may
  when the project handles the defining module as a value (``shut(a)``, ``x = a``,
  ``import_module(...)``): left unsure then. A chain rooted in an imported name is a
  module's only while each step is (:mod:`prx.commands.rename.pychains`):
  ``T.Keyword.DDL`` is no module's ``DDL`` when ``T``'s module binds ``Keyword`` by an
  assignment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from prx.commands.rename.candidate import Candidate
from prx.engine.intel.uses import all_bindings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.commands.rename.pychains import ModuleChains
    from prx.engine.intel.bindings import Binding
    from prx.engine.intel.models import Target

__all__ = ["settle_by_syntax"]

#: Nodes whose body is a function's scope (a class's attributes are not names there).
_FUNCTIONS = frozenset({"function_definition", "lambda"})
#: Calls whose keyword arguments are keys of a mapping, not parameters.
_MAPPINGS = frozenset({"dict", "OrderedDict", "defaultdict", "Counter"})


def settle_by_syntax(
    python: Sequence[Candidate],
    bindings: dict[str, dict[int, str]],
    chosen: Target,
    name: str,
    module_level: bool = False,
    module_values: Callable[[], bool] = lambda: True,
    chains: ModuleChains | None = None,
) -> int:
    """Mark ``OTHER`` the unresolved occurrences of ``name`` that Python's syntax keeps
    apart from ``chosen``; returns how many. ``module_level``: every definition renamed
    is at a module's top level (no method is renamed with ``chosen``);
    ``module_values``: whether the project may hold the defining module in a variable
    (see :mod:`prx.commands.rename.pymodvalues`), asked only when it matters;
    ``chains``: the project's modules, to follow a chain rooted in an imported name."""
    from prx.commands.rename.rope_engine import OTHER, UNRESOLVED

    method = bool(chosen.container)
    settled = 0
    no_module_values: bool | None = None  # asked once, when a module-level site is unsure

    for candidate in python:
        bound = bindings.get(candidate.path)
        if not bound or UNRESOLVED not in bound.values():
            continue
        tree = candidate.parsed().tree
        if tree is None:
            continue
        root = tree.root_node
        # A module-level binding of the name (an alias ``count = Bag.count``, a star
        # import) is a global a bare name in a function may reach: bare names stay unsure.
        bare = method and not _module_binds(root, name)
        imported: dict[str, list[Binding]] | None = None
        if module_level and no_module_values is None:
            no_module_values = not module_values()
        if module_level and no_module_values:
            imported = _imported_names(all_bindings(candidate.parsed()))
        where = (candidate.shown, chains)
        for start, how in list(bound.items()):
            if how != UNRESOLVED:
                continue
            node = root.named_descendant_for_byte_range(start, start + len(name.encode()))
            if node is None or node.type != "identifier" or node.start_byte != start:
                continue
            if (
                _keyword_name(node)
                or _in_a_mapping(node)
                or (bare and _bare_in_function(node))
                or (imported is not None and _on_no_module(node, imported, where))
            ):
                bound[start] = OTHER
                settled += 1
    return settled


def _imported_names(bindings: Sequence[Binding]) -> dict[str, list[Binding]]:
    """The names the file's import statements bind (a module's, or a name that may be a
    submodule: ``from pkg import mod``), by their first part, with the imports that bind
    each."""
    found: dict[str, list[Binding]] = {}
    for binding in bindings:
        if binding.local:
            found.setdefault(binding.local.split(".", 1)[0], []).append(binding)
    return found


def _on_no_module(
    node: Any, imported: dict[str, list[Binding]], where: tuple[str, ModuleChains | None]
) -> bool:
    """Whether ``node`` is the attribute of a receiver that cannot hold a module: no
    dotted name rooted in an imported name (``self.x``, a parameter, a call's result),
    or a chain from one that steps through what no module is (``where``: the file and
    the project's modules)."""
    parent = node.parent
    if parent is None or parent.type != "attribute":
        return False
    if parent.child_by_field_name("attribute") != node:
        return False
    receiver = parent.child_by_field_name("object")
    steps: list[str] = []
    while receiver is not None and receiver.type == "attribute":
        step = receiver.child_by_field_name("attribute")
        steps.insert(0, bytes(step.text or b"").decode("utf-8", "replace") if step else "")
        receiver = receiver.child_by_field_name("object")
    if receiver is None:
        return False
    if receiver.type != "identifier":
        return True  # a call's result, a subscript, a literal ...
    bound = imported.get(bytes(receiver.text or b"").decode("utf-8", "replace"))
    if not bound:
        return True
    importer, chains = where
    if chains is None or len(bound) != 1 or not all(steps):
        return False  # bound by two imports (a fallback): either may be meant
    return chains.holds_no_module(importer, bound[0], steps)


def _module_binds(root: Any, name: str) -> bool:
    """Whether a top-level statement of the module may bind ``name``: a definition of
    it, an import naming it or a star import, an assignment to it, or a compound
    statement (``try``, ``if`` ...) that holds the word at all."""
    word = re.compile(rb"(?<!\w)" + re.escape(name.encode()) + rb"(?!\w)")
    for statement in root.named_children:
        text = bytes(statement.text or b"")
        kind = statement.type
        if _bare_string(statement):
            continue  # the module's docstring, or another string: it binds nothing
        if kind in ("function_definition", "class_definition", "decorated_definition"):
            header = text.split(b"(", 1)[0].split(b":", 1)[0]
            if word.search(header):
                return True
        elif kind in ("import_statement", "import_from_statement", "future_import_statement"):
            if b"*" in text or word.search(text):
                return True
        elif kind == "expression_statement":
            target = text.split(b"=", 1)[0] if b"=" in text else b""
            if word.search(target):
                return True
        elif kind != "comment" and word.search(text):
            return True
    return False


def _bare_string(statement: Any) -> bool:
    """Whether a top-level statement is a string alone (a docstring)."""
    if statement.type == "expression_statement" and statement.named_child_count == 1:
        statement = statement.named_children[0]
    return statement.type in ("string", "concatenated_string")


def _keyword_name(node: Any) -> bool:
    parent = node.parent
    if parent is None or parent.type != "keyword_argument":
        return False
    if parent.child_by_field_name("name") != node:
        return False
    call = parent.parent.parent if parent.parent is not None else None
    callee = call.child_by_field_name("function") if call is not None else None
    called = callee.text.decode("utf-8", "replace") if callee is not None else ""
    return called.rsplit(".", 1)[-1] not in _MAPPINGS


def _bare_in_function(node: Any) -> bool:
    from prx.engine.intel.pyscopes import header_function

    parent = node.parent
    if parent is not None and parent.type == "attribute":
        return False
    # ``def visit(self, abort=abort_visit)``: a default is read in the class body
    header = header_function(node)
    ancestor = header.parent if header is not None else parent
    while ancestor is not None:
        if ancestor.type in _FUNCTIONS:
            return True
        if ancestor.type == "class_definition":
            return False
        ancestor = ancestor.parent
    return False


def _in_a_mapping(node: Any) -> bool:
    parent = node.parent
    if (
        parent is None
        or parent.type != "attribute"
        or parent.child_by_field_name("attribute") != node
    ):
        return False
    receiver = parent.child_by_field_name("object")
    if receiver is None:
        return False
    if receiver.type == "attribute":
        field = receiver.child_by_field_name("attribute")
        return field is not None and bool(field.text == b"__dict__")
    if receiver.type == "identifier":
        return bool(receiver.text == b"__dict__")
    if receiver.type == "call":
        callee = receiver.child_by_field_name("function")
        return callee is not None and bool(callee.text == b"vars")
    return False
