"""A rename names one binding (issue 28): ``Class.method``, ``module.function`` or
``FILE:LINE[:COL]``; a bare name with several definitions is refused with the list; call
sites the engine cannot tie to the chosen definition make ``--apply`` refuse until the
caller takes them (``sites``) or forces them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import prx
from prx.core.errors import AmbiguousMatchError, NoMatchError

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rope") is None, reason="rope is not installed"
)

#: flask's shape: three unrelated ``pop``s (a dict-like ``pop``, the context's ``pop``, a
#: class attribute), the main call through a parameter of unknown type.
CONTEXT = {
    "pkg/__init__.py": "",
    "pkg/ctx.py": (
        "def _fail(*args):\n"
        "    raise RuntimeError('no')\n"
        "\n"
        "\n"
        "class _AppCtxGlobals:\n"
        "    def pop(self, name, default=None):\n"
        "        return self.__dict__.pop(name, default)\n"
        "\n"
        "\n"
        "class AppContext:\n"
        "    def __init__(self):\n"
        "        self.g = _AppCtxGlobals()\n"
        "\n"
        "    def push(self):\n"
        "        return self\n"
        "\n"
        "    def pop(self, exc=None):\n"
        "        self.g.pop('x', None)\n"
        "        return exc\n"
        "\n"
        "\n"
        "class _NoStack:\n"
        "    pop = _fail\n"
    ),
    "pkg/app.py": (
        "from pkg.ctx import AppContext\n"
        "\n"
        "\n"
        "def run(ctx, error):\n"
        "    ctx.pop(error)\n"
        "\n"
        "\n"
        "def local():\n"
        "    ctx = AppContext()\n"
        "    ctx.push()\n"
        "    ctx.pop(None)\n"
    ),
}


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def test_a_bare_name_of_several_definitions_is_refused_with_each_one(make_repo):
    root = make_repo(CONTEXT)
    before = _snapshot(root)
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("pop", "pop_context", apply=True, root=root)
    message = info.value.message
    assert "_AppCtxGlobals.pop (method, pkg/ctx.py:6)" in message
    assert "AppContext.pop (method, pkg/ctx.py:17)" in message
    assert info.value.param == "old"
    assert _snapshot(root) == before


@pytest.mark.parametrize(
    "old", ["AppContext.pop", "ctx.AppContext.pop", "pkg/ctx.py:17", "pkg/ctx.py:17:9"]
)
def test_a_qualified_name_or_a_place_names_one_method(make_repo, old):
    root = make_repo(CONTEXT)
    result = prx.rename(old, "pop_context", root=root)
    assert result.target == "AppContext.pop (pkg/ctx.py:17)"
    renamed = {(f.file, line.line) for f in result.changes for line in f.lines}
    # The definition and the call on an instance built from the class; never the other pops.
    assert renamed == {("pkg/ctx.py", 17), ("pkg/app.py", 11)}
    reasons = {(s.file, s.line): s.reason for s in result.left_alone}
    assert reasons[("pkg/ctx.py", 6)] == "other_binding"
    assert reasons[("pkg/ctx.py", 18)] == "other_binding"
    assert reasons[("pkg/ctx.py", 23)] == "other_binding"
    assert reasons[("pkg/app.py", 5)] == "unresolved"


def test_apply_refuses_while_a_call_site_is_unresolved_then_takes_the_named_sites(make_repo):
    root = make_repo(CONTEXT)
    before = _snapshot(root)
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("AppContext.pop", "pop_context", apply=True, root=root)
    assert "pkg/app.py:5" in info.value.message and info.value.param == "sites"
    assert _snapshot(root) == before
    result = prx.rename(
        "AppContext.pop", "pop_context", apply=True, sites=["pkg/app.py:5"], root=root
    )
    assert result.applied
    app = (root / "pkg/app.py").read_text()
    assert "    ctx.pop_context(error)\n" in app and "    ctx.pop_context(None)\n" in app
    ctx = (root / "pkg/ctx.py").read_text()
    assert "    def pop_context(self, exc=None):" in ctx
    # The other bindings spelled pop are as they were.
    assert "    def pop(self, name, default=None):" in ctx
    assert "self.__dict__.pop(name, default)" in ctx and "    pop = _fail" in ctx
    assert "self.g.pop('x', None)" in ctx


def test_force_takes_every_unsure_site(make_repo):
    root = make_repo(CONTEXT)
    result = prx.rename("AppContext.pop", "pop_context", apply=True, force=True, root=root)
    assert result.applied
    ctx = (root / "pkg/ctx.py").read_text()
    # Forced: the call on a parameter of unknown type is renamed too (why force is
    # unsafe); the dict's pop(name, default) takes arguments AppContext.pop cannot: not
    # a candidate, left as it is.
    assert "    ctx.pop_context(error)\n" in (root / "pkg/app.py").read_text()
    assert "self.__dict__.pop(name, default)" in ctx
    assert "    def pop(self, name, default=None):" in ctx


@pytest.mark.parametrize("old", ["Nowhere.pop", "pkg/ctx.py:3", "pkg/ctx.py:999"])
def test_a_qualified_name_or_place_that_names_nothing_is_no_match(make_repo, old):
    root = make_repo(CONTEXT)
    with pytest.raises(NoMatchError):
        prx.rename(old, "x", root=root)


def test_cli_lists_the_candidates_and_exits_non_zero(make_repo, run_cli):
    root = make_repo(CONTEXT)
    run = run_cli("rename", "pop", "pop_context", "--apply", cwd=root)
    assert run.exit_code != 0
    error = run.envelope["error"]
    assert error["code"] == "ambiguous_match"
    assert (
        "AppContext.pop" in error["message"]
        and "pkg/ctx.py:17" in error["suggestion"]
        or ("_AppCtxGlobals.pop" in error["suggestion"])
    )


def test_python_all_lists_the_renamed_export(make_repo):
    files = {
        "lib/__init__.py": "from .core import *\n",
        "lib/core.py": "__all__ = ['merge', 'other']\n\n\ndef merge(a):\n    return a\n\n\ndef other():\n    return merge(1)\n",
        "lib/mirror.py": "from lib import core\n\n__all__ = ['merge']\n\n\ndef merge(b):\n    return core.merge(b)\n",
        "use.py": "from lib import merge\n\nprint(merge(2))\n",
    }
    root = make_repo(files)
    prx.rename("lib/core.py:4", "combine", apply=True, sites=[], force=False, root=root)
    core = (root / "lib/core.py").read_text()
    assert "__all__ = ['combine', 'other']" in core and "return combine(1)" in core
    # The same-named wrapper mirrors it: renamed with it, its __all__ entry too.
    mirror = (root / "lib/mirror.py").read_text()
    assert "__all__ = ['combine']" in mirror and "return core.combine(b)" in mirror
    assert (root / "use.py").read_text() == "from lib import combine\n\nprint(combine(2))\n"


def test_a_decorator_that_spells_the_name_is_not_the_definition(make_repo):
    # bottle's ``@DictProperty('environ', 'bottle.request.files')`` above ``def files``.
    root = make_repo(
        {
            "web.py": (
                "def prop(key, name):\n"
                "    return property\n"
                "\n"
                "\n"
                "class Request:\n"
                "    @prop('environ', 'request.files')\n"
                "    def files(self):\n"
                "        return []\n"
                "\n"
                "\n"
                "def upload(request: Request):\n"
                "    return request.files()\n"
            ),
        }
    )
    dry = prx.rename("Request.files", "uploads", root=root, check="never")
    changed = {(c.file, line.line) for c in dry.changes for line in c.lines}
    assert changed == {("web.py", 7), ("web.py", 12)}, dry
    assert "'request.files'" in (root / "web.py").read_text()
