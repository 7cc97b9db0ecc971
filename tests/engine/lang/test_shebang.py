"""Scripts without an extension are recognised by their ``#!`` line: read, outline, the
index build, its updates and a search without an index all see the same language."""

from __future__ import annotations

import pytest

import prx
from prx.core.shebang import interpreter_language, sniffs


@pytest.mark.parametrize(
    ("line", "language"),
    [
        (b"#!/usr/bin/env python3\n", "python"),
        (b"#!/usr/bin/python3.12 -u\n", "python"),
        (b"#! /usr/bin/perl -w\n", "perl"),
        (b"#!/bin/sh\nset -e\n", "bash"),
        (b"#!/usr/bin/env -S node --experimental-vm-modules\n", "javascript"),
        (b"#!/usr/bin/env LANG=C ruby\n", "ruby"),
        (b"#!/usr/bin/env ts-node\n", "typescript"),
        (b"#!/usr/bin/env Rscript\n", "r"),
        (b"#!/usr/bin/env escript\n", "erlang"),
        (b"#!/usr/bin/env\n", None),
        (b"#!/opt/tools/frobnicate\n", None),
        (b"# not a shebang: #!/bin/sh\n", None),
        (b"\xff\xfe#!/bin/sh\n", None),
        (b"", None),
    ],
)
def test_the_interpreter_names_the_language(line, language):
    assert interpreter_language(line) == language


@pytest.mark.parametrize(
    ("name", "asked"),
    [("bin/deploy", True), ("release", True), ("tool.py", False), (".bashrc", False), ("", False)],
)
def test_only_names_without_an_extension_are_asked(name, asked):
    assert sniffs(name) is asked


SCRIPT = (
    "#!/usr/bin/env python3\n"
    '"""Deploy the site."""\n'
    "\n"
    "\n"
    "def publish_release(version):\n"
    "    return version\n"
)
SHELL = "#!/bin/bash\nrotate_logs() {\n  echo rotating\n}\nrotate_logs\n"


@pytest.fixture
def repo(make_repo):
    return make_repo(
        {
            "bin/deploy": SCRIPT,
            "bin/rotate": SHELL,
            "notes.txt": SCRIPT,  # an extension says what it is, whatever its first line
            "app.py": "def main():\n    return 1\n",
        },
        git=True,
    )


def test_read_and_outline_see_a_scripts_language(repo):
    ws = prx.Workspace(repo)
    assert ws.read("bin/deploy").meta.language == "python"
    assert [s.name for s in ws.outline("bin/deploy").symbols] == ["publish_release"]
    assert ws.read("bin/rotate").meta.language == "bash"
    assert ws.read("notes.txt").meta.language != "python"
    tree = ws.outline("bin")
    assert {f.file: [s.name for s in f.symbols] for f in tree.files}["bin/deploy"] == [
        "publish_release"
    ]


def _defines(ws):
    result = ws.search("publish_release", mode="symbol")
    return [(f.file, f.language) for f in result.files][:1]


def test_search_finds_a_scripts_definitions_with_and_without_an_index(repo):
    ws = prx.Workspace(repo)
    assert _defines(ws) == [("bin/deploy", "python")]  # built in memory
    ws.index()
    assert _defines(prx.Workspace(repo)) == [("bin/deploy", "python")]  # from the index


def test_an_index_update_sees_a_new_script(repo):
    ws = prx.Workspace(repo)
    ws.index()
    (repo / "bin" / "ship").write_text(SCRIPT.replace("publish_release", "ship_release"))
    ws.index()
    result = prx.Workspace(repo).search("ship_release", mode="symbol")
    assert (result.files[0].file, result.files[0].language) == ("bin/ship", "python")
