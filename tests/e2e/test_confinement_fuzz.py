"""A schema-driven confinement fuzzer: no parameter of any operation, nor any path inside a
file a parameter names, makes prx read, list, write, delete or run anything outside the root.

The operations come from the registry, so an operation added later is fuzzed without an
edit here. Every string or list parameter (and each path inside an edit list, a patch or a
dataset) gets escape payloads: ``..``, absolute paths, links that lead out (to a file, to a
directory, absolute, through a parent), a NUL byte, encoded spellings, and files inside the
root that name files outside. Each call goes through the command line, a batch line and
the MCP service in this process (the real processes are sampled at the end).

The oracle is the kernel's: an inotify watch on the sandbox around the root and on the
outside directories reports any open, read, listing, write, creation or deletion there,
however prx reached it (a path, a link, a descriptor). And no answer may hold the secret
the outside files carry.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inotify import Watcher, available
from programs import needs

from prx.app.workspace import Workspace
from prx.core.record import fields_of
from prx.plugin.operation import Operation, ParamInfo, param_kind

pytestmark = [
    pytest.mark.slow,  # a fuzzer: ~25 s
    pytest.mark.skipif(not available(), reason="inotify is Linux's"),
    needs("git"),
]

SECRET = "PRX-OUTSIDE-SECRET-4e1f"
OUTSIDE_SOURCE = f"def alpha():\n    return '{SECRET}'\n"
INSIDE_SOURCE = "def alpha():\n    return 1\n"

#: Parameters that take what they name on purpose: ``run`` executes its command line (MCP
#: serves it only with --allow-run; it runs in the root).
NOT_PATHS = {("run", "command"): "runs the command it is given"}

#: Arguments that make each operation valid apart from the fuzzed one (writers apply, so
#: that a path that escaped would really be written).
BASES: dict[str, list[dict[str, Any]]] = {
    "search": [{"query": "alpha"}, {"query": "alpha", "mode": "literal"}],
    "exists": [{"pattern": "alpha"}],
    "explain": [{"symbol": "alpha"}],
    "rename": [{"old": "alpha", "new": "beta", "apply": True}],
    "edit": [{"path": "a.py", "find": "alpha", "replace": "beta", "apply": True}],
    "read": [{"path": "a.py"}, {"path": "a.py", "mode": "diff"}],
    "diff": [{}, {"no_index": True, "paths": ["a.py", "pkg/b.py"]}],
    "bench-ndcg": [{"dataset": "dataset.json"}],
    "init": [{"apply": True, "client": ["claude-code"]}],
    "impact": [{"path": "a.py"}],
    "context": [{"path": "."}],
}
#: Operations whose calls write (the root is restored after each).
WRITERS = frozenset({"edit", "rename", "init", "index", "stats"})


class Sandbox:
    """``sbx/root`` (the project, a git repository) beside ``sbx/outside`` (the secrets)."""

    def __init__(self, base: Path) -> None:
        self.path = base / "sbx"
        self.root = self.path / "root"
        self.outside = self.path / "outside"
        self.template = base / "template"
        self.state: dict[str, tuple[int, int, int]] = {}

    def build(self) -> None:
        out = self.outside
        (out / "sub").mkdir(parents=True)
        for name in ("secret.py", "secret.txt", "sub/secret.py"):
            (out / name).write_text(OUTSIDE_SOURCE)
        script = out / "evil.sh"
        script.write_text(f"#!/bin/sh\ntouch {out}/EXECUTED\n")
        script.chmod(0o755)
        t = self.template
        (t / "pkg").mkdir(parents=True)
        (t / "a.py").write_text(INSIDE_SOURCE)
        (t / "pkg" / "b.py").write_text("from a import alpha\n\nalpha()\n")
        (t / "README.md").write_text("# demo\n")
        os.symlink("../outside/secret.py", t / "link_file")
        os.symlink("../outside", t / "link_dir")
        os.symlink(str(out / "secret.py"), t / "abs_link")
        os.symlink("../../outside", t / "pkg" / "up")
        outside_paths = ["../outside/secret.py", str(out / "secret.py"), "link_file"]
        (t / "edits_out.json").write_text(
            json.dumps([{"file": p, "find": "alpha", "replace": "beta"} for p in outside_paths])
        )
        (t / "patch_out.diff").write_text(
            "".join(_patch(p) for p in outside_paths) + _delete("link_file")
        )
        queries = [{"query": "alpha", "category": "symbol", "relevant": {"secret.py": 3}}]
        (t / "dataset_out.json").write_text(json.dumps({"root": str(out), "queries": queries}))
        (t / "dataset_up.json").write_text(json.dumps({"root": "..", "queries": queries}))
        (t / "dataset.json").write_text(json.dumps({"queries": queries}))
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.hooksPath=/dev/null"]
        subprocess.run([*git, "init", "-q", "-b", "main", str(t)], check=True)
        subprocess.run([*git, "-C", str(t), "add", "-A"], check=True)
        subprocess.run([*git, "-C", str(t), "commit", "-qm", "init"], check=True)
        (t / "a.py").write_text(INSIDE_SOURCE + "\n\ndef gamma():\n    return alpha()\n")
        self.restore()

    def restore(self) -> None:
        if self.root.exists():
            shutil.rmtree(self.root)
        shutil.copytree(self.template, self.root, symlinks=True)
        self.state = self.snapshot()

    def snapshot(self) -> dict[str, tuple[int, int, int]]:
        """Every entry of the root but git's and prx's own state, by (size, mtime, mode)."""
        found = {}
        for directory, names, files in os.walk(self.root):
            names[:] = [n for n in names if n not in (".git", ".prx")]
            for name in names + files:
                info = os.lstat(os.path.join(directory, name))
                found[os.path.join(directory, name)] = (
                    info.st_size,
                    info.st_mtime_ns,
                    info.st_mode,
                )
        return found

    def changed(self) -> bool:
        return self.snapshot() != self.state

    def payloads(self) -> list[str]:
        out = str(self.outside)
        return [
            "..",
            "../",
            "../..",
            "/",
            out,
            str(self.path),
            "../outside/secret.py",
            f"{out}/secret.py",
            "./../outside/secret.py",
            "pkg/../../outside/secret.py",
            "link_file",
            "link_dir",
            "link_dir/secret.py",
            "link_dir/sub/secret.py",
            "abs_link",
            "pkg/up/secret.py",
            "pkg/up",
            "a.py\x00../outside/secret.py",
            "%2e%2e/outside/secret.py",
            "..%2foutside%2fsecret.py",
            f"file://{out}/secret.py",
            "\\x2e\\x2e/outside/secret.py",
            "~/../outside/secret.py",
            f"{out}/evil.sh",
            "edits_out.json",
            "patch_out.diff",
            "dataset_out.json",
            "dataset_up.json",
        ]


def _patch(path: str) -> str:
    # Its hunk matches the outside files (so an escape would write), without their secret.
    return f"*** Begin Patch\n*** Update File: {path}\n@@\n-def alpha():\n+def pwned():\n*** End Patch\n"


def _delete(path: str) -> str:
    return f"*** Begin Patch\n*** Delete File: {path}\n*** End Patch\n"


def _values(kind: str, payload: str, field: str) -> list[Any]:
    """What one payload becomes for a parameter of ``kind``."""
    if kind == "strs":
        return [[payload], ["a.py", payload]]
    if kind == "json" or field == "edits":
        edit = {"file": payload, "find": "alpha", "replace": "beta"}
        return [payload, json.dumps([edit]), [edit], json.dumps({"edits": [edit]})]
    if field == "patch":
        unified = f"--- a/{payload}\n+++ b/{payload}\n@@ -1,2 +1,2 @@\n def alpha():\n-x\n+y\n"
        moved = (
            "*** Begin Patch\n*** Update File: a.py\n*** Move to: "
            f"{payload}\n@@\n def alpha():\n-    return 1\n+    return 2\n*** End Patch\n"
        )
        added = f"*** Begin Patch\n*** Add File: {payload}\n+x = 1\n*** End Patch\n"
        return [payload, _patch(payload), _delete(payload), unified, moved, added]
    return [payload]


def cases(
    sandbox: Sandbox, ops: list[Operation]
) -> Iterator[tuple[Operation, str, Any, dict[str, Any]]]:
    """(operation, parameter, value, arguments) for every fuzzed call."""
    for op in ops:
        for field in fields_of(op.params):
            info = field.metadata.get("prx")
            if (
                not isinstance(info, ParamInfo)
                or info.cli_only
                or (op.name, field.name) in NOT_PATHS
            ):
                continue
            kind = param_kind(field.type)
            if kind not in ("str", "strs", "json"):
                continue
            for base in BASES.get(op.name, [{}]):
                for payload in sandbox.payloads():
                    for value in _values(kind, payload, field.name):
                        args = {k: v for k, v in base.items() if k != field.name}
                        if field.name in ("edits", "patch"):
                            for inline in ("path", "find", "replace"):
                                args.pop(inline, None)
                        args[field.name] = value
                        yield op, field.name, value, args


def _argv(op: Operation, args: dict[str, Any]) -> list[str]:
    """The command line that passes ``args``."""
    flags: list[str] = []
    positional: list[str] = []
    for field in fields_of(op.params):
        if field.name not in args:
            continue
        info = field.metadata["prx"]
        kind = param_kind(field.type)
        value = args[field.name]
        if kind == "json" and not isinstance(value, str):
            value = json.dumps(value)
        if info.positional:
            positional.extend(value if kind == "strs" else [str(value)])
            continue
        flag = info.flag or "--" + field.name.replace("_", "-")
        if kind == "bool":
            flags += [flag] if value else []
        elif kind == "strs":
            for item in value:
                flags += [flag, item]
        else:
            flags += [flag, str(value)]
    return [op.name, *flags, "--", *positional] if positional else [op.name, *flags]


def _call(ws: Workspace, op: Operation, args: dict[str, Any], frontend: str) -> str:
    """Answer one call through ``frontend``; the answer's text."""
    from prx.frontends.cli.frontend import CliFrontend

    out = io.StringIO()
    if frontend == "mcp":
        from prx.frontends.mcp.service import McpService

        return McpService(ws).answer(op, args).text
    if frontend == "batch":
        line = json.dumps({"cmd": op.name, **args})
        CliFrontend(ws, stdout=out, stdin=io.StringIO(line + "\n"), environ={}).main(["batch"])
        return out.getvalue()
    CliFrontend(ws, stdout=out, stdin=io.StringIO(""), environ={}).main(_argv(op, args))
    return out.getvalue()


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    made = Sandbox(tmp_path_factory.mktemp("confine"))
    made.build()
    yield made


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """HOME and PRX_HOME outside the sandbox: prx's own state goes there."""
    path = tmp_path_factory.mktemp("home")
    saved = {k: os.environ.get(k) for k in ("HOME", "PRX_HOME")}
    os.environ["HOME"] = str(path)
    os.environ["PRX_HOME"] = str(path / ".prx")
    yield path
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def _operations() -> list[Operation]:
    return [
        op for op in Workspace(".").registry.operations() if op.frontends & {"cli", "batch", "mcp"}
    ]


def _watch(sandbox: Sandbox) -> Watcher:
    watcher = Watcher()
    watcher.watch(sandbox.path)
    for directory in (sandbox.outside, sandbox.outside / "sub"):
        watcher.watch(directory)
    return watcher


def _escapes(events: list[str], sandbox: Sandbox) -> list[str]:
    """The events that are not about the root itself (which the sandbox's watch sees as
    one of its entries)."""
    inside = os.path.join(str(sandbox.path), "root")
    return [e for e in events if not e.startswith(inside + ":")]


@pytest.mark.parametrize("frontend", ["cli", "batch", "mcp"])
def test_no_parameter_leads_outside_the_root(
    sandbox: Sandbox, home: Path, frontend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(sandbox.root)
    ops = [op for op in _operations() if frontend in op.frontends]
    assert {"read", "edit", "diff", "search"} <= {op.name for op in ops}
    failures: list[str] = []
    calls = 0
    ws = Workspace(sandbox.root)
    watcher = _watch(sandbox)
    try:
        for op, name, value, args in cases(sandbox, ops):
            watcher.events()
            text = _call(ws, op, args, frontend)
            calls += 1
            found = _escapes(watcher.events(), sandbox)
            if SECRET in text:
                found.append("the answer holds the outside file's secret")
            if (sandbox.outside / "EXECUTED").exists():
                found.append("an outside script was executed")
            if found:
                failures.append(f"{op.name} {name}={value!r}: {'; '.join(sorted(set(found)))}")
            if op.name in WRITERS and sandbox.changed():
                sandbox.restore()
                ws = Workspace(sandbox.root)
                watcher.events()
    finally:
        watcher.close()
    assert calls > 500
    assert not failures, f"{len(failures)} of {calls} calls escaped:\n" + "\n".join(failures[:40])
    for name in ("secret.py", "secret.txt", "sub/secret.py"):
        assert (sandbox.outside / name).read_text() == OUTSIDE_SOURCE


def test_the_real_processes_stay_inside(sandbox: Sandbox, home: Path, tmp_path: Path) -> None:
    """One payload of each kind per parameter, through the real ``prx`` and ``prx batch``."""
    sandbox.restore()
    sample = {"../outside/secret.py", "link_dir/secret.py", "edits_out.json"}
    env = {**os.environ, "HOME": str(home), "PRX_HOME": str(home / ".prx")}
    watcher = _watch(sandbox)
    failures: list[str] = []
    lines: list[str] = []
    try:
        for op, name, value, args in cases(sandbox, _operations()):
            if not isinstance(value, str) or value not in sample:
                continue
            if op.name in WRITERS:
                args = {**args, "apply": False} if "apply" in args else args
            watcher.events()
            done = subprocess.run(
                [sys.executable, "-m", "prx", *_argv(op, args)],
                cwd=sandbox.root,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            found = _escapes(watcher.events(), sandbox)
            if SECRET in done.stdout:
                found.append("the answer holds the secret")
            if found:
                failures.append(f"cli {op.name} {name}={value!r}: {found}")
            lines.append(json.dumps({"cmd": op.name, **args}))
        watcher.events()
        done = subprocess.run(
            [sys.executable, "-m", "prx", "batch"],
            cwd=sandbox.root,
            env=env,
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=300,
        )
        found = _escapes(watcher.events(), sandbox)
        if found or SECRET in done.stdout:
            failures.append(f"batch: {found}")
    finally:
        watcher.close()
    assert len(lines) > 20
    assert not failures, "\n".join(failures)


def test_mcp_refuses_every_parameter_that_acts_outside_the_root(
    sandbox: Sandbox, home: Path
) -> None:
    """``init --user`` writes the user's own files: a person's choice, never an MCP
    client's. Every such parameter (read from the registry) is refused over MCP and left
    out of the tool's schema."""
    from prx.frontends.mcp.schema import input_schema
    from prx.frontends.mcp.service import McpService

    sandbox.restore()
    ws = Workspace(sandbox.root)
    beyond = [
        (op, field.name)
        for op in _operations()
        for field in fields_of(op.params)
        if isinstance(field.metadata.get("prx"), ParamInfo) and field.metadata["prx"].beyond_root
    ]
    assert ("init", "user") in {(op.name, name) for op, name in beyond}
    before = sorted(p.name for p in home.iterdir())
    for op, name in beyond:
        assert name not in input_schema(op)["properties"]
        answer = McpService(ws).answer(op, {**BASES.get(op.name, [{}])[0], name: True})
        assert answer.is_error and answer.envelope["error"]["code"] == "permission_denied"
    assert sorted(p.name for p in home.iterdir()) == before
