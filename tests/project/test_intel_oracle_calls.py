"""benchmarks/intel_oracle.py: the compiler's uses and the tests' calls together. A file
where the compiler stopped at its import stays one item whatever the calls add there;
elsewhere a traced call is a use of its own; and only a traced line that names the
function counts (benchmarks/oracle/traced.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import intel_oracle  # noqa: E402  (benchmarks/intel_oracle.py)
from oracle import javascript  # noqa: E402
from oracle.common import Diag, Symbol  # noqa: E402
from oracle.traced import naming, project_file  # noqa: E402


def test_a_file_stopped_at_its_import_stays_one_item(tmp_path):
    (tmp_path / "a.py").write_text("from lib import f\nf()\n")
    (tmp_path / "b.py").write_text("import lib\nlib.f()\n")
    truth = {("a.py", 1), ("b.py", 2)}
    union = intel_oracle._with_calls(tmp_path, truth, {("a.py", 2), ("c.py", 3)})
    assert union == {("a.py", 1), ("b.py", 2), ("c.py", 3)}
    items, predicted = intel_oracle._collapsed(tmp_path, union, {("a.py", 2), ("c.py", 3)})
    assert items == {"a.py:*", "b.py:2", "c.py:3"}
    assert predicted == {"a.py:*", "c.py:3"}


def test_only_a_traced_line_that_names_the_function_counts(tmp_path):
    (tmp_path / "loader.js").write_text("type.construct(data)\nconstructYamlNull(data)\n")
    places = [("loader.js", 1), ("loader.js", 2)]
    assert naming(tmp_path, places, "constructYamlNull", word=r"\w$") == {("loader.js", 2)}
    assert project_file(tmp_path, str(tmp_path.resolve() / "node_modules" / "x.js")) is None
    assert project_file(tmp_path, "/elsewhere/x.js") is None
    assert project_file(tmp_path, str(tmp_path.resolve() / "src" / "x.js")) == "src/x.js"


def test_a_file_with_uses_beyond_its_import_is_compared_by_its_uses(tmp_path):
    """rustc reports ``use crate::{Version}`` and each use (as javac does): where a file
    has uses, its import line is the same change, not one more item prx must list; a
    file prx lists that the compiler does not is compared line by line still."""
    (tmp_path / "display.rs").write_text("use crate::{Version};\n\nfn f(v: &Version) {}\n")
    (tmp_path / "eval.rs").write_text("use crate::Version;\nfn g() {}\n")
    (tmp_path / "extra.rs").write_text("use crate::Version;\nfn h() {}\n")
    truth = {("display.rs", 1), ("display.rs", 3), ("eval.rs", 1)}
    items, predicted = intel_oracle._collapsed(
        tmp_path, truth, {("display.rs", 3), ("eval.rs", 0), ("extra.rs", 1)}
    )
    assert items == {"display.rs:3", "eval.rs:*"}
    assert predicted == {"display.rs:3", "eval.rs:*", "extra.rs:1"}


def test_an_export_clause_over_several_lines_is_an_import_statement():
    """neverthrow's index: ``export {\\n  fromPromise,\\n} from './result-async'``: tsc
    reports the name inside the clause, and that file is one that stops at its import."""
    lines = ["export {", "  ResultAsync,", "  fromPromise,", "} from './result-async'", "x()"]
    assert intel_oracle.import_lines(lines) == {1, 2, 3, 4}


def test_a_line_whose_old_error_names_the_member_is_judged_by_neither_side(tmp_path):
    """tsc already said ``option`` is missing on ``string | Command`` at b.js:4: the
    rename repeats that error word for word, so the line is no truth and no false
    positive; a line where the old error names another member still counts."""
    symbol = Symbol("lib.js", "option", "Command.option", "method", 3, 0, 6)
    baseline = [
        Diag("b.js", 4, "Property 'option' does not exist on type 'string | Command'."),
        Diag("b.js", 9, "Property 'usage' does not exist on type 'string'."),
    ]
    checked = intel_oracle._checked_by(javascript, tmp_path, symbol, baseline)
    assert not checked("b.js", 4)
    assert checked("b.js", 9) and checked("b.js", 0) and checked("c.js", 4)
    assert intel_oracle._checked_by(javascript, tmp_path)("b.js", 4)


def test_a_package_s_own_name_resolves_to_its_main_file_as_node_resolves_it(tmp_path):
    """``require('commander')`` inside commander loads its own ``index.js`` (its
    ``exports`` make the name refer to the package itself): tsc is told so, else it types
    every example's use ``any``; a package without ``exports`` has no such name."""
    manifest = tmp_path / "package.json"
    manifest.write_text('{"name": "commander", "main": "./index.js", "exports": {".": {}}}')
    assert javascript._self_reference(tmp_path) == {
        "baseUrl": ".",
        "paths": {"commander": ["./index.js"]},
    }
    manifest.write_text('{"name": "semver", "main": "index.js"}')
    assert javascript._self_reference(tmp_path) == {}


def test_a_commonjs_barrel_passes_the_renamed_name_on(tmp_path):
    """pako's ``index.js`` destructures ``deflate`` from ``lib/deflate.js`` and exports
    it again: the oracle renames it there too (the binding, its uses, the export), so
    tsc reports the package's users, not the barrel's ``require`` alone."""
    from oracle import scripts_rename

    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "deflate.js").write_text(
        "function deflate(x) { return x; }\nmodule.exports.deflate = deflate;\n"
    )
    (tmp_path / "index.js").write_text(
        "const { deflate } = require('./lib/deflate');\n"
        "const other = deflate;\n"
        "module.exports.deflate = deflate;\n"
    )
    (tmp_path / "use.js").write_text("const { deflate } = require('./lib/deflate');\ndeflate(1);\n")
    symbol = Symbol("lib/deflate.js", "deflate", "deflate", "function", 1, 9, 16)
    passed = scripts_rename.after_rename(tmp_path, symbol, "deflate_new")
    assert (tmp_path / "index.js").read_text() == (
        "const { deflate_new } = require('./lib/deflate');\n"
        "const other = deflate_new;\n"
        "module.exports.deflate_new = deflate_new;\n"
    )
    # a user that does not export it again is left for tsc to report
    assert "deflate_new" not in (tmp_path / "use.js").read_text()
    assert sorted((d.file, d.line) for d in passed) == [
        ("index.js", 1),
        ("index.js", 2),
        ("index.js", 3),
    ]


def test_a_destructuring_require_over_several_lines_is_an_import_statement():
    """tsc reports ``InvalidArgumentError,`` at line 3 of a ``const {`` that a later
    line closes with ``} = require('../index.js')``: the statement's lines are one
    import, as an ES import clause over several lines is; a plain object is not."""
    lines = [
        "const {",
        "  program,",
        "  InvalidArgumentError,",
        "} = require('../index.js');",
        "const {",
        "  a,",
        "} = options;",
    ]
    assert intel_oracle.import_lines(lines) == {1, 2, 3, 4}


def test_only_a_property_that_exports_the_function_itself_is_renamed_along(tmp_path):
    """markdown-it's ``module.exports.postProcess = function strikethrough(..)`` exports
    another function under the name of the file's ``function postProcess``: renaming
    that function leaves the property alone (its users use the other function)."""
    from oracle import scripts_rename

    (tmp_path / "rule.js").write_text(
        "function postProcess(s) { return s; }\n"
        "module.exports.postProcess = function strikethrough(s) { return postProcess(s); };\n"
    )
    symbol = Symbol("rule.js", "postProcess", "postProcess", "function", 1, 9, 20)
    scripts_rename.after_rename(tmp_path, symbol, "postProcess_new")
    assert "module.exports.postProcess = function" in (tmp_path / "rule.js").read_text()
    (tmp_path / "utils.js").write_text(
        "function f(x) { return x; }\n"
        "exports.f = module.exports.f = f;\n"
        "module.exports = { f: f, g: f, h: 1 };\n"
    )
    symbol = Symbol("utils.js", "f", "f", "function", 1, 9, 10)
    scripts_rename.after_rename(tmp_path, symbol, "f_new")
    assert (tmp_path / "utils.js").read_text() == (
        "function f_new(x) { return x; }\n"
        "exports.f_new = module.exports.f_new = f;\n"
        "module.exports = { f_new: f, g: f, h: 1 };\n"
    )


def test_a_prototype_method_s_body_is_where_its_calls_are_traced():
    """``Ruler.prototype.push = function (..) {..}`` (markdown-it's methods): the trace
    statement opens the assigned function's body, as a class method's."""
    from oracle.scripts_trace import _body_start

    source = b"function Ruler() {}\nRuler.prototype.push = function (x) { return x; };\n"
    start = source.index(b"push")
    symbol = Symbol("lib/ruler.js", "push", "Ruler.push", "method", 2, start, start + 4)
    at = _body_start(source, symbol)
    assert at is not None and source[at - 1 : at] == b"{" and source[:at].endswith(b"(x) {")


def test_a_snapshot_without_its_gitignore_still_ignores_its_dependencies(tmp_path):
    """The oracle's path-filtered snapshots leave each project's ``.gitignore`` out;
    ``node_modules/`` is put back, as every checkout of these projects has it."""
    javascript._ignore_dependencies(tmp_path)
    assert (tmp_path / ".gitignore").read_text() == "node_modules/\n"
    (tmp_path / ".gitignore").write_text("coverage\nnode_modules\n")
    javascript._ignore_dependencies(tmp_path)
    assert (tmp_path / ".gitignore").read_text() == "coverage\nnode_modules\n"


def test_a_star_re_export_whose_module_path_spells_the_name_does_not_name_it(tmp_path):
    """purify's ``export * from './NonEmptyList.js'`` does not break when the type
    ``NonEmptyList`` is renamed: the path names a file, not the definition."""
    barrel = tmp_path / "index.ts"
    barrel.write_text("export * from './NonEmptyList.js'\nexport { Maybe } from \"./Maybe\"\n")
    assert not intel_oracle._names(barrel, "NonEmptyList")
    assert intel_oracle._names(barrel, "Maybe")
