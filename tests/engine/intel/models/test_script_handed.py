"""A project instance handed to an installed package that calls its members by name
(issue 28): markdown-it's tests give the parser to ``markdown-it-testgen``, whose code
calls ``md.render(..)``; a rename of ``MarkdownIt.render`` passed every check prx could
make and broke those tests with ``status: ok``. It is refused now, with the place."""

from __future__ import annotations

import pytest

import prx
from prx import InvalidArgumentError

FILES = {
    ".gitignore": "node_modules/\n",
    "lib/md.js": (
        "function Md() {}\n"
        "Md.prototype.render = function (s) { return s; };\n"
        "Md.prototype.parse = function (s) { return [s]; };\n"
        "module.exports = Md;\n"
    ),
    "test/md.test.js": (
        "var Md = require('../lib/md');\n"
        "var generate = require('testgen');\n"
        "var util = require('util');\n"
        "var md = new Md();\n"
        "generate('fixtures', md);\n"
        "util.inspect(md);\n"
        "md.parse('x');\n"
    ),
    "node_modules/testgen/package.json": '{"name": "testgen", "main": "index.js"}\n',
    "node_modules/testgen/index.js": (
        "module.exports = function generate(path, md) {\n  return md.render(path);\n};\n"
    ),
}


def test_a_member_a_package_handed_the_instance_names_is_not_renamed(make_repo):
    root = make_repo(FILES)
    with pytest.raises(
        InvalidArgumentError, match=r"test/md.test.js:5 hands a Md to the package 'testgen'"
    ):
        prx.rename("Md.render", "show", root=root, apply=True)
    assert "prototype.render" in (root / "lib/md.js").read_text()
    # a member the package's code never names is renamed (Node's own util is no package)
    assert prx.rename("Md.parse", "read", root=root, apply=True).applied
    assert "md.read('x')" in (root / "test/md.test.js").read_text()


def test_a_package_that_is_not_installed_is_said_not_weighed(make_repo):
    """Its code cannot be read (nor run here): the rename goes on and its notes say so
    (commander's type tests hand every class to ``tsd``, which its checkout lacks)."""
    files = {k: v for k, v in FILES.items() if not k.startswith("node_modules/")}
    root = make_repo(files)
    renamed = prx.rename("Md.parse", "read", root=root)
    assert any(
        "test/md.test.js:5 hands a Md to the package 'testgen', which is not installed" in n
        for n in renamed.notes
    )


def test_a_value_of_another_type_handed_over_is_no_reason(make_repo):
    files = dict(FILES)
    files["test/md.test.js"] = (
        "var Md = require('../lib/md');\n"
        "var generate = require('testgen');\n"
        "generate('fixtures', new Md().parse('x'));\n"
    )
    root = make_repo(files)
    assert prx.rename("Md.render", "show", root=root, apply=True).applied


def test_a_module_a_path_alias_names_is_the_project_s_own(make_repo):
    """``require('@/gen')`` that the project's ``jsconfig.json`` maps to its own file is
    no package: nothing to look up, no refusal."""
    files = {k: v for k, v in FILES.items() if not k.startswith("node_modules/")}
    files["jsconfig.json"] = '{"compilerOptions": {"baseUrl": ".", "paths": {"@/*": ["lib/*"]}}}\n'
    files["lib/gen.js"] = "module.exports = function (path, md) { return md.parse(path); };\n"
    files["test/md.test.js"] = (
        "var Md = require('../lib/md');\n"
        "var generate = require('@/gen');\n"
        "generate('fixtures', new Md());\n"
    )
    root = make_repo(files)
    assert prx.rename("Md.render", "show", root=root, apply=True).applied
