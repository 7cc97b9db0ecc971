"""JavaScript classes written as constructor functions (issue 28): the methods assigned
to a function's prototype (``Ruler.prototype.at = function``, ``Rule.prototype = {apply:
..}``) are that class's members, in the outline, in ``explain``, ``impact`` and
``rename``, tied to their receivers as an ES class's are."""

from __future__ import annotations

from pathlib import Path

import pytest

import prx
from prx import AmbiguousMatchError
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project

FILES = {
    "lib/ruler.js": (
        "'use strict';\n"
        "var Rule = require('./rule');\n"
        "\n"
        "function Ruler() {\n"
        "  this.__rules__ = [];\n"
        "  this.first = new Rule();\n"
        "}\n"
        "\n"
        "Ruler.prototype.__find__ = function (name) {\n"
        "  return this.__rules__.indexOf(name);\n"
        "};\n"
        "\n"
        "Ruler.prototype.at = function (name, fn) {\n"
        "  var index = this.__find__(name); // own method\n"
        "  this.first.apply(fn); // rule's\n"
        "  return index;\n"
        "};\n"
        "\n"
        "function Child() {\n"
        "  Ruler.call(this);\n"
        "}\n"
        "Child.prototype = Object.create(Ruler.prototype);\n"
        "\n"
        "module.exports = { Ruler: Ruler, Child: Child };\n"
    ),
    "lib/rule.js": (
        "function Rule() {}\n"
        "\n"
        "Rule.prototype = {\n"
        "  apply: function (fn) { return fn; },\n"
        "  __find__: function (name) { return name; },\n"
        "};\n"
        "\n"
        "module.exports = Rule;\n"
    ),
    "test/ruler.test.js": (
        "var lib = require('../lib/ruler');\n"
        "var Rule = require('../lib/rule');\n"
        "var r = new lib.Ruler();\n"
        "r.__find__('a'); // instance\n"
        "new lib.Child().__find__('b'); // child\n"
        "new Rule().__find__('c'); // another constructor's\n"
        "function g(x) { return x.__find__('d'); } // unknown\n"
    ),
}


def _labelled(
    root: Path, file: str, qualified: str, uses: bool = False
) -> set[tuple[str, str, str]]:
    """(file, label, how) of each site of ``qualified``: a rename's references, or with
    ``uses`` what explain and impact list."""
    project = Project(prx.Workspace(root), str(root))
    parsed = project.file(file)
    assert parsed is not None
    model = model_for(parsed.language)
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    out = set()
    weigh = model.uses if uses else model.references
    for site in weigh(project, target, model.candidate_files(project, target)):
        user = project.file(site.file)
        assert user is not None
        assert user.data[site.start : site.end].decode() == target.name
        line = user.line_text(site.line)
        label = line.split("// ")[-1] if "// " in line else line.strip()
        out.add((site.file, label, site.how))
    return out


def test_the_outline_lists_a_constructor_s_prototype_methods(make_repo):
    root = make_repo(FILES)
    symbols = prx.outline("lib/rule.js", root=root).symbols
    assert [(s.name, s.kind) for s in symbols] == [
        ("Rule", "function"),
        ("apply", "method"),
        ("__find__", "method"),
    ]
    ruler = prx.outline("lib/ruler.js", root=root).symbols
    assert ("at", "method", "Ruler.prototype.at = function (name, fn)") in {
        (s.name, s.kind, s.signature) for s in ruler
    }


def test_prototype_methods_are_members_tied_to_their_receivers(make_repo):
    root = make_repo(FILES)
    assert _labelled(root, "lib/ruler.js", "Ruler.__find__") == {
        ("lib/ruler.js", "Ruler.prototype.__find__ = function (name) {", RESOLVED),
        ("lib/ruler.js", "own method", BY_TYPE),  # this, in another prototype method
        ("test/ruler.test.js", "instance", BY_TYPE),  # new lib.Ruler()
        ("test/ruler.test.js", "child", BY_TYPE),  # Object.create(Ruler.prototype)
        ("test/ruler.test.js", "unknown", BY_NAME),
        # `new Rule().__find__` is the other constructor's
    }
    # a field the constructor function assigns has the type it is given
    assert ("lib/ruler.js", "rule's", BY_TYPE) in _labelled(root, "lib/rule.js", "Rule.apply")


def test_explain_impact_and_rename_take_a_prototype_method(make_repo):
    root = make_repo(FILES)
    explained = prx.explain("Ruler.__find__", root=root)
    assert [(d.file, d.line) for d in explained.definitions] == [("lib/ruler.js", 9)]
    assert {(r.file, r.line) for r in explained.tests} >= {
        ("test/ruler.test.js", 4),
        ("test/ruler.test.js", 5),
    }
    assert ("test/ruler.test.js", 6) not in {(r.file, r.line) for r in explained.tests}
    impact = prx.impact("lib/ruler.js", symbol="Ruler.__find__", root=root)
    assert [d.file for d in impact.tests] == ["test/ruler.test.js"]
    # the receiver nothing types is unsure: the rename stops there, writing nothing
    with pytest.raises(AmbiguousMatchError, match="test/ruler.test.js:7"):
        prx.rename("Ruler.__find__", "findRule", root=root, apply=True)
    test = root / "test/ruler.test.js"
    assert "findRule" not in test.read_text()
    test.write_text(test.read_text().replace("function g(x) { return x.__find__('d'); }", ""))
    renamed = prx.rename("Ruler.__find__", "findRule", root=root, apply=True)
    assert renamed.applied
    text = test.read_text()
    assert "r.findRule('a')" in text
    assert "new lib.Child().findRule('b')" in text
    assert "new Rule().__find__('c')" in text  # another binding, left alone
    assert "Ruler.prototype.findRule = function" in (root / "lib/ruler.js").read_text()
    assert "this.findRule(name)" in (root / "lib/ruler.js").read_text()
    assert "__find__: function" in (root / "lib/rule.js").read_text()


def test_a_javascript_module_given_an_instance_without_importing_its_class(make_repo):
    """markdown-it's block parser imports ``StateBlock`` and each rule's file, and hands
    the state to the rule, whose file imports nothing of it: the rule's
    ``state.skipChars(..)`` may be the method (unsure), never unrelated, so a rename
    does not leave it behind; a file nothing connects to the class stays out."""
    root = make_repo(
        {
            "lib/state.js": (
                "function State(src) { this.src = src; }\n"
                "State.prototype.skipChars = function (pos) { return pos + 1; };\n"
                "module.exports = State;\n"
            ),
            "lib/rules/fence.js": (
                "module.exports = function fence(state) { return state.skipChars(0); };\n"
            ),
            "lib/parser.js": (
                "var State = require('./state');\n"
                "var fence = require('./rules/fence');\n"
                "module.exports = function parse(src) { return fence(new State(src)); };\n"
            ),
            "lib/unrelated.js": "module.exports = function (x) { return x.skipChars(1); };\n",
        }
    )
    assert _labelled(root, "lib/state.js", "State.skipChars") == {
        (
            "lib/state.js",
            "State.prototype.skipChars = function (pos) { return pos + 1; };",
            RESOLVED,
        ),
        (
            "lib/rules/fence.js",
            "module.exports = function fence(state) { return state.skipChars(0); };",
            BY_NAME,
        ),
    }
    # unsure, but a member access of a name the project declares once and no library
    # has: renamed with it (see docs/cli.md), not left behind
    prx.rename("State.skipChars", "skip", root=root, apply=True)
    assert "state.skip(0)" in (root / "lib/rules/fence.js").read_text()
    assert "x.skip(1)" not in (root / "lib/unrelated.js").read_text()


def test_an_instance_made_by_calling_a_package_s_main_module_through_its_re_export(make_repo):
    """markdown-it's ``index.js`` is ``module.exports = require('./lib/')``, whose
    default export is ``function MarkdownIt() { if (!(this instanceof MarkdownIt))
    return new MarkdownIt(); }``: ``markdownit()`` and ``require('../')()`` make one."""
    root = make_repo(
        {
            "index.js": "'use strict';\nmodule.exports = require('./lib/');\n",
            "lib/index.js": (
                "function MarkdownIt(preset) {\n"
                "  if (!(this instanceof MarkdownIt)) { return new MarkdownIt(preset); }\n"
                "}\n"
                "MarkdownIt.prototype.render = function (src) { return src; };\n"
                "module.exports = MarkdownIt;\n"
            ),
            "test/misc.js": (
                "var markdownit = require('../');\n"
                "var md = markdownit('commonmark');\n"
                "md.render('a'); // called\n"
                "var direct = require('../')('zero');\n"
                "direct.render('b'); // required and called\n"
            ),
        }
    )
    assert _labelled(root, "lib/index.js", "MarkdownIt.render") == {
        ("lib/index.js", "MarkdownIt.prototype.render = function (src) { return src; };", RESOLVED),
        ("test/misc.js", "called", BY_TYPE),
        ("test/misc.js", "required and called", BY_TYPE),
    }


def test_an_untyped_parameter_is_the_one_class_whose_members_the_function_reads(make_repo):
    root = make_repo(
        {
            "lib/state_block.js": (
                "function StateBlock(src) { this.src = src; this.bMarks = []; }\n"
                "StateBlock.prototype.skipChars = function (pos) { return pos; };\n"
                "module.exports = StateBlock;\n"
            ),
            "lib/state_inline.js": (
                "function StateInline(src) { this.src = src; this.pos = 0; }\n"
                "StateInline.prototype.skipChars = function (pos) { return pos; };\n"
                "module.exports = StateInline;\n"
            ),
            "lib/rules/fence.js": (
                "module.exports = function fence(state) {\n"
                "  var start = state.bMarks[0];\n"
                "  return state.skipChars(start); // block\n"
                "};\n"
            ),
            "lib/rules/text.js": (
                "module.exports = function text(state) {\n"
                "  return state.skipChars(state.src.length); // either\n"
                "};\n"
            ),
            "lib/parser.js": (
                "var StateBlock = require('./state_block');\n"
                "var StateInline = require('./state_inline');\n"
                "var fence = require('./rules/fence');\n"
                "var text = require('./rules/text');\n"
                "module.exports = function (s) {\n"
                "  return fence(new StateBlock(s)) + text(new StateInline(s));\n"
                "};\n"
            ),
        }
    )
    # `bMarks` is StateBlock's alone; `src` and `skipChars` are both classes'
    block = _labelled(root, "lib/state_block.js", "StateBlock.skipChars")
    assert ("lib/rules/fence.js", "block", BY_TYPE) in block
    assert ("lib/rules/text.js", "either", BY_NAME) in block
    inline = _labelled(root, "lib/state_inline.js", "StateInline.skipChars")
    assert ("lib/rules/fence.js", "block", BY_TYPE) not in inline
    assert not any(f == "lib/rules/fence.js" for f, _, _ in inline)


def test_where_no_import_names_the_class_a_library_member_s_name_is_no_candidate(make_repo):
    root = make_repo(
        {
            "lib/state.js": (
                "function State() { this.tokens = []; }\n"
                "State.prototype.push = function (t) { this.tokens.push(t); };\n"
                "module.exports = State;\n"
            ),
            "lib/render.js": (
                "module.exports = function (tokens, out) { out.push(tokens); return out; };\n"
            ),
            "lib/parser.js": (
                "var State = require('./state');\n"
                "var render = require('./render');\n"
                "module.exports = function (x) { var s = new State(); x.push(1); return render(s, []); };\n"
            ),
        }
    )
    # `out.push` in a file that imports nothing of State is an array's; `x.push` in the
    # parser, which imports State, stays a candidate
    found = _labelled(root, "lib/state.js", "State.push", uses=True)
    assert not any(f == "lib/render.js" for f, _, _ in found)
    assert any(f == "lib/parser.js" and how == BY_NAME for f, _, how in found)
    # a rename still weighs it: were `out` a State, the call would be left behind
    assert (
        "lib/render.js",
        "module.exports = function (tokens, out) { out.push(tokens); return out; };",
        BY_NAME,
    ) in _labelled(root, "lib/state.js", "State.push")


def test_only_the_language_s_own_built_ins_names_are_left_out(make_repo):
    """graphlib's ``g.nodes()`` in ``dijkstra-all.js`` (which imports nothing of
    ``Graph``): ``nodes`` is a DOM member's name, no built-in's of ECMAScript, so the
    call stays a candidate for ``Graph.nodes``."""
    root = make_repo(
        {
            "lib/graph.js": (
                "function Graph() { this._nodes = {}; }\n"
                "Graph.prototype.nodes = function () { return Object.keys(this._nodes); };\n"
                "module.exports = Graph;\n"
            ),
            "lib/all.js": "module.exports = function (g) { return g.nodes(); };\n",
            "index.js": (
                "var Graph = require('./lib/graph');\n"
                "var all = require('./lib/all');\n"
                "module.exports = function () { return all(new Graph()); };\n"
            ),
        }
    )
    found = _labelled(root, "lib/graph.js", "Graph.nodes", uses=True)
    assert any(f == "lib/all.js" and how == BY_NAME for f, _, how in found)


def test_a_dependency_s_module_is_no_place_of_a_project_s_instance(make_repo):
    root = make_repo(
        {
            "lib/state.js": (
                "function State(src) { this.src = src; }\n"
                "State.prototype.skipChars = function (pos) { return pos + 1; };\n"
                "module.exports = State;\n"
            ),
            "lib/parser.js": (
                "var State = require('./state');\n"
                "var run = require('runner');\n"
                "module.exports = function parse(src) { return run(new State(src)); };\n"
            ),
            "node_modules/runner/package.json": '{"name": "runner", "main": "index.js"}\n',
            "node_modules/runner/index.js": (
                "module.exports = function (state) { return state.skipChars(2); };\n"
            ),
        }
    )
    found = _labelled(root, "lib/state.js", "State.skipChars")
    assert {f for f, _, _ in found} == {"lib/state.js"}


def test_a_dependency_s_class_of_the_same_name_is_another_class(make_repo):
    """js-yaml's tests run with a copy of js-yaml among mocha's dependencies: its
    ``Schema.prototype.extend`` is not the project's, nor are its files' uses."""
    root = make_repo(
        {
            "lib/schema.js": (
                "function Schema(d) { this.d = d; }\n"
                "Schema.prototype.extend = function (d) { return new Schema(d); };\n"
                "module.exports = Schema;\n"
            ),
            "lib/default.js": "var Schema = require('./schema');\nnew Schema(1).extend(2);\n",
            "node_modules/js-yaml/lib/schema.js": (
                "function Schema(d) { this.d = d; }\n"
                "Schema.prototype.extend = function (d) { return new Schema(d); };\n"
                "module.exports = Schema;\n"
            ),
            "node_modules/js-yaml/lib/default.js": (
                "var Schema = require('./schema');\nnew Schema(1).extend(2);\n"
            ),
        }
    )
    found = _labelled(root, "lib/schema.js", "Schema.extend")
    assert {f for f, _, _ in found} == {"lib/schema.js", "lib/default.js"}


PARSERS = {
    "lib/parser.js": (
        "'use strict';\n"
        "var State = require('./state');\n"
        "\n"
        "function Parser() {\n"
        "  this.rules = [ require('./rules/em').tokenize ]; // a module's export\n"
        "  this.rules.push(require('./rules/strong').tokenize);\n"
        "}\n"
        "\n"
        "Parser.prototype.tokenize = function (state) {\n"
        "  return state.src;\n"
        "};\n"
        "\n"
        "Parser.prototype.parse = function (src, md) {\n"
        "  var state = new State(src, md);\n"
        "  this.tokenize(state); // own\n"
        "  return state;\n"
        "};\n"
        "\n"
        "module.exports = Parser;\n"
    ),
    "lib/block.js": (
        "function Block() {}\n"
        "Block.prototype.tokenize = function (state) { // another constructor's\n"
        "  return state;\n"
        "};\n"
        "module.exports = Block;\n"
    ),
    "lib/rules/em.js": (
        "module.exports.tokenize = function em(state) { // this module's export\n"
        "  state.md.parser.tokenize(state); // through the field\n"
        "  state.md.block.tokenize(state); // the other parser\n"
        "  state.md.render(state.src); // the md itself\n"
        "  return state.skip(1) && state.src;\n"
        "};\n"
    ),
    "lib/rules/strong.js": (
        "exports.tokenize = function strong(state) { // exports\n"
        "  state.md.parser.tokenize(state); // a state of either kind\n"
        "  return state.src;\n"
        "};\n"
    ),
    "lib/state.js": (
        "function State(src, md) {\n"
        "  this.src = src;\n"
        "  this.md = md;\n"
        "}\n"
        "State.prototype.skip = function (n) { return n; };\n"
        "module.exports = State;\n"
    ),
    "lib/state_core.js": (
        "function StateCore(src, md) {\n"
        "  this.src = src;\n"
        "  this.md = md;\n"
        "}\n"
        "StateCore.prototype.run = function () { return this.md.parser.parse(this.src, this.md); };\n"
        "module.exports = StateCore;\n"
    ),
    "lib/index.js": (
        "var Parser = require('./parser');\n"
        "var Block = require('./block');\n"
        "var StateCore = require('./state_core');\n"
        "function Md() {\n"
        "  this.parser = new Parser();\n"
        "  this.block = new Block();\n"
        "}\n"
        "Md.prototype.render = function (src) {\n"
        "  return new StateCore(src, this).run();\n"
        "};\n"
        "module.exports = Md;\n"
    ),
}


def test_definitions_of_other_members_and_module_exports_are_no_uses(make_repo):
    """markdown-it: ``ParserBlock.prototype.tokenize = ..`` (another constructor's
    member), ``module.exports.tokenize = ..`` and ``require('./rules/em').tokenize`` (a
    module's export) were candidates for ``ParserInline.tokenize`` by name."""
    root = make_repo(PARSERS)
    labels = _labelled(root, "lib/parser.js", "Parser.tokenize")
    assert not {label for _, label, _ in labels} & {
        "another constructor's",
        "this module's export",
        "exports",
        "a module's export",
    }
    assert ("lib/parser.js", "own", BY_TYPE) in labels


def test_a_field_given_an_untyped_parameter_holds_the_class_its_reads_tell(make_repo):
    """``function State(src, md) { this.md = md; }``: the project reads ``parser`` and
    ``block`` on fields named ``md``; only ``Md`` has both, so ``state.md.parser`` is
    the ``Parser`` Md's constructor makes, and ``state.md.block`` a ``Block``; the same
    where the rule's ``state`` may be either state (both give ``md`` a parameter)."""
    root = make_repo(PARSERS)
    labels = _labelled(root, "lib/parser.js", "Parser.tokenize")
    assert ("lib/rules/em.js", "through the field", BY_TYPE) in labels
    assert ("lib/rules/strong.js", "a state of either kind", BY_TYPE) in labels
    assert "the other parser" not in {label for _, label, _ in labels}
    assert ("lib/rules/em.js", "the md itself", BY_TYPE) in _labelled(
        root, "lib/index.js", "Md.render"
    )
    parse = _labelled(root, "lib/parser.js", "Parser.parse")
    assert any(f == "lib/state_core.js" and how == BY_TYPE for f, _, how in parse)
    renamed = prx.rename("Parser.tokenize", "scan", root=root, apply=True)
    assert renamed.applied
    assert "state.md.parser.scan(state)" in (root / "lib/rules/em.js").read_text()
    assert "state.md.block.tokenize(state)" in (root / "lib/rules/em.js").read_text()
    assert "module.exports.tokenize = function em" in (root / "lib/rules/em.js").read_text()
    assert "Block.prototype.tokenize" in (root / "lib/block.js").read_text()


def test_a_field_s_reads_that_tell_two_classes_leave_it_unknown(make_repo):
    """One more field named ``md`` read as something else (``doc.md.length``): no class
    has every member read, so ``state.md.render`` stays a candidate by name; one read of
    ``x.parser.size`` (no ``Parser`` member) leaves ``parser`` fields unknown too."""
    files = dict(PARSERS)
    files["lib/doc.js"] = "function size(doc) { return doc.md.length + doc.md.trim(); }\n"
    root = make_repo(files)
    assert ("lib/rules/em.js", "the md itself", BY_NAME) in _labelled(
        root, "lib/index.js", "Md.render"
    )
    assert ("lib/rules/em.js", "through the field", BY_TYPE) in _labelled(
        root, "lib/parser.js", "Parser.tokenize"
    )
    files["lib/doc.js"] += "function pages(doc) { return doc.parser.size; }\n"
    root = make_repo(files)
    labels = _labelled(root, "lib/parser.js", "Parser.tokenize")
    assert ("lib/rules/em.js", "through the field", BY_NAME) in labels


def test_a_field_every_class_having_it_constructs_alike_is_that_class(make_repo):
    """markdown-it's ``this[chain].ruler.enable(..)``: the holder is unknown, but every
    class with a ``ruler`` makes it ``new Ruler()``, so the call is ``Ruler``'s, not the
    ``enable`` of the class it is written in."""
    files = dict(FILES)
    files["lib/chains.js"] = (
        "var Ruler = require('./ruler').Ruler;\n"
        "function Core() { this.ruler = new Ruler(); }\n"
        "Core.prototype.run = function () {};\n"
        "function Block() { this.ruler = new Ruler(); }\n"
        "Block.prototype.run = function () {};\n"
        "function Md() { this.core = new Core(); this.block = new Block(); }\n"
        "Md.prototype.at = function (name) {\n"
        "  ['core', 'block'].forEach(function (chain) {\n"
        "    this[chain].ruler.at(name); // either parser's ruler\n"
        "  }, this);\n"
        "};\n"
        "module.exports = Md;\n"
    )
    root = make_repo(files)
    assert ("lib/chains.js", "either parser's ruler", BY_TYPE) in _labelled(
        root, "lib/ruler.js", "Ruler.at"
    )
    assert "either parser's ruler" not in {
        label for _, label, _ in _labelled(root, "lib/chains.js", "Md.at")
    }


def test_a_field_given_an_array_is_read_as_one(make_repo):
    """markdown-it's ``this.tokens = outTokens`` read as ``state.tokens.push(..)``,
    ``.length`` and ``[i]``: an array (``length`` is no class's), so ``this.tokens.push``
    in ``StateBlock.push`` is no candidate for that method; with a project class that has
    ``length`` too, it stays one."""
    files = {
        "lib/state.js": (
            "function State(src, tokens) {\n"
            "  this.src = src;\n"
            "  this.tokens = tokens;\n"
            "  this.meta = Array(tokens.length);\n"
            "}\n"
            "State.prototype.push = function (token) {\n"
            "  this.tokens.push(token); // the array's\n"
            "  this.meta.push(null); // a new array's\n"
            "  return this.tokens.length + this.tokens[0];\n"
            "};\n"
            "module.exports = State;\n"
        ),
        "test/state.test.js": (
            "var State = require('../lib/state');\nnew State('a', []).push(1); // an instance\n"
        ),
    }
    root = make_repo(files)
    labels = _labelled(root, "lib/state.js", "State.push")
    assert ("test/state.test.js", "an instance", BY_TYPE) in labels
    assert not {"the array's", "a new array's"} & {label for _, label, _ in labels}
    files["lib/list.js"] = (
        "function List() { this.length = 0; }\n"
        "List.prototype.push = function (x) { this.length += 1; return x; };\n"
        "module.exports = List;\n"
    )
    files["lib/state.js"] = "var List = require('./list');\n" + files["lib/state.js"]
    root = make_repo(files)
    labels = _labelled(root, "lib/state.js", "State.push")
    assert ("lib/state.js", "the array's", BY_NAME) in labels


def test_a_prototype_method_returning_this_types_a_chain(make_repo):
    """markdown-it's ``markdownit().use(plugin)`` returns the instance (``return this``
    in ``MarkdownIt.prototype.use``; also in ``X.prototype = {m: ..}``), so ``.go()`` on
    it is ``A.go``'s by type and no candidate for ``B.go``."""
    files = {
        "lib/a.js": (
            "function A() {}\n"
            "A.prototype.use = function (plugin) {\n"
            "  plugin(this);\n"
            "  return this;\n"
            "};\n"
            "A.prototype.go = function () { return 1; };\n"
            "module.exports = A;\n"
        ),
        "lib/b.js": (
            "function B() {}\n"
            "B.prototype = {\n"
            "  set: function () { return this; },\n"
            "  go: function () { return 2; },\n"
            "};\n"
            "module.exports = B;\n"
        ),
        "test/a.test.js": (
            "var A = require('../lib/a');\n"
            "var B = require('../lib/b');\n"
            "var a = new A().use(function () {});\n"
            "a.go(); // through a variable\n"
            "new A().use(function () {}).go(); // a chain\n"
            "new B().set().go(); // the other's chain\n"
        ),
    }
    root = make_repo(files)
    labels = _labelled(root, "lib/a.js", "A.go")
    assert ("test/a.test.js", "through a variable", BY_TYPE) in labels
    assert ("test/a.test.js", "a chain", BY_TYPE) in labels
    assert "the other's chain" not in {label for _, label, _ in labels}
    assert ("test/a.test.js", "the other's chain", BY_TYPE) in _labelled(root, "lib/b.js", "B.go")


def test_a_module_s_own_function_has_the_parameter_its_calls_pass(make_repo):
    """markdown-it's test ``function generate(path, md) { .. md.render(..) }``, called
    only as ``generate(p, md)`` with ``md`` a ``MarkdownIt``: the parameter is one (the
    module exports nothing of that name); a function the module exports, or a script's
    (no module: other scripts may call it), keeps its parameter unknown."""
    files = {
        "lib/md.js": (
            "function Md() {}\n"
            "Md.prototype.render = function (s) { return s; };\n"
            "module.exports = Md;\n"
        ),
        "lib/renderer.js": (
            "function Renderer() {}\n"
            "Renderer.prototype.render = function (t) { return t; };\n"
            "module.exports = Renderer;\n"
        ),
        "test/gen.test.js": (
            "var Md = require('../lib/md');\n"
            "function generate(path, md) {\n"
            "  return md.render(path); // a parameter every call gives an Md\n"
            "}\n"
            "generate('a', new Md());\n"
        ),
        "test/open.test.js": (
            "var Md = require('../lib/md');\n"
            "function generate(path, md) {\n"
            "  return md.render(path); // an exported function's parameter\n"
            "}\n"
            "generate('a', new Md());\n"
            "module.exports = generate;\n"
        ),
        "web/page.js": (
            "function Page() {}\n"
            "Page.prototype.render = function (s) { return s; };\n"
            "function generate(path, page) {\n"
            "  return page.render(path); // a script's function\n"
            "}\n"
            "generate('a', new Page());\n"
        ),
    }
    root = make_repo(files)
    assert ("web/page.js", "a script's function", BY_NAME) in _labelled(
        root, "web/page.js", "Page.render"
    )
    labels = _labelled(root, "lib/md.js", "Md.render")
    assert ("test/gen.test.js", "a parameter every call gives an Md", BY_TYPE) in labels
    assert ("test/open.test.js", "an exported function's parameter", BY_NAME) in labels
    assert "a parameter every call gives an Md" not in {
        label for _, label, _ in _labelled(root, "lib/renderer.js", "Renderer.render")
    }


def test_a_field_set_to_null_for_later_is_what_its_reads_show(make_repo):
    """markdown-it's ``Token``: ``this.attrs = null`` in the constructor, an array later
    (``this.attrs.push(..)``, ``.attrs.length``); a plugin's callback reading
    ``tokens[idx].attrs.push(..)`` calls an array's ``push``, not the project's
    ``List.push``."""
    files = {
        "lib/token.js": (
            "function Token() { this.attrs = null; }\n"
            "Token.prototype.attrPush = function (a) {\n"
            "  if (this.attrs) { this.attrs.push(a); } else { this.attrs = [ a ]; } // own\n"
            "  return this.attrs.length;\n"
            "};\n"
            "module.exports = Token;\n"
        ),
        "lib/list.js": (
            "var Token = require('./token');\n"
            "function List() { this.items = [ new Token() ]; }\n"
            "List.prototype.push = function (x) { return x; };\n"
            "module.exports = List;\n"
        ),
        "test/list.test.js": (
            "var List = require('../lib/list');\n"
            "new List().push(1); // the list's\n"
            "require('plugin')(function (tokens, idx) {\n"
            "  tokens[idx].attrs.push([ 'target', '_blank' ]); // a token's attrs\n"
            "});\n"
        ),
    }
    root = make_repo(files)
    labels = {label for _, label, _ in _labelled(root, "lib/list.js", "List.push")}
    assert "the list's" in labels
    assert not {"own", "a token's attrs"} & labels


GRAPH = {
    "lib/graph.js": (
        "function Graph(opts) { this._nodes = {}; this._parent = {}; }\n"
        "Graph.prototype.nodes = function () { return Object.keys(this._nodes); };\n"
        "Graph.prototype.parent = function (v) { return this._parent[v]; };\n"
        "Graph.prototype.filterNodes = function (keep) {\n"
        "  var copy = new this.constructor({});\n"
        "  var self = this;\n"
        "  this.nodes().forEach(function (v) {\n"
        "    if (keep(v)) { copy._nodes[v] = self.parent(v); } // an alias of this\n"
        "  });\n"
        "  return copy;\n"
        "};\n"
        "module.exports = Graph;\n"
    ),
    "lib/json.js": (
        "var Graph = require('./graph');\n"
        "function read(json) {\n"
        "  var g = new Graph(json.options);\n"
        "  json.nodes.forEach(function (entry) {\n"
        "    if (entry.parent) { // a plain entry's\n"
        "      g.parent(entry.v); // the graph's\n"
        "    }\n"
        "  });\n"
        "  var node = { v: 1 };\n"
        "  node.parent = json.value; // an object literal's\n"
        "  return g;\n"
        "}\n"
        "function write(g) { return g.nodes(); }\n"
        "module.exports = { read: read, write: write };\n"
    ),
    "test/graph.test.js": (
        "var Graph = require('../lib/graph');\n"
        "var g2 = new Graph().filterNodes(function () { return true; });\n"
        "g2.parent('a'); // a copy\n"
    ),
}


def test_copies_aliases_and_literals_are_read_as_what_they_hold(make_repo):
    """graphlib: ``new this.constructor(..)`` returned from ``filterNodes`` is a Graph,
    ``var self = this`` too; a variable given an object literal is none; an untyped
    variable reading members no Graph has (``json.options``, ``entry.v``) is no Graph
    for explain and impact, while a rename still weighs it."""
    root = make_repo(GRAPH)
    uses = _labelled(root, "lib/graph.js", "Graph.parent", uses=True)
    assert ("test/graph.test.js", "a copy", BY_TYPE) in uses
    assert ("lib/graph.js", "an alias of this", BY_TYPE) in uses
    assert ("lib/json.js", "the graph's", BY_TYPE) in uses
    labels = {label for _, label, _ in uses}
    assert not {"a plain entry's", "an object literal's"} & labels
    renamed = _labelled(root, "lib/graph.js", "Graph.parent")
    assert ("lib/json.js", "a plain entry's", BY_NAME) in renamed
    assert "an object literal's" not in {label for _, label, _ in renamed}


def test_a_constructor_given_to_a_variable_is_a_class(make_repo):
    """argparse: ``var Action = module.exports = function Action(options) {..}`` with
    ``Action.prototype.call = ..``, extended by ``util.inherits``. Before, its members
    had no class: a rename of ``ActionContainer._addAction`` changed the definition
    alone and broke the tests with ``status: ok``."""
    files = {
        "lib/action.js": (
            "var Action = module.exports = function Action(options) {\n"
            "  this.dest = options.dest;\n"
            "};\n"
            "Action.prototype.call = function (parser) {\n"
            "  return this.getName(parser); // own\n"
            "};\n"
            "Action.prototype.getName = function () { return this.dest; };\n"
        ),
        "lib/store.js": (
            "var util = require('util');\n"
            "var Action = require('./action');\n"
            "var ActionStore = module.exports = function (options) {\n"
            "  Action.call(this, options);\n"
            "};\n"
            "util.inherits(ActionStore, Action);\n"
            "ActionStore.prototype.call = function (parser) {\n"
            "  return this.getName(parser); // inherited\n"
            "};\n"
        ),
        "test/action.test.js": (
            "var ActionStore = require('../lib/store');\n"
            "new ActionStore({ dest: 'x' }).getName(); // an instance\n"
        ),
    }
    root = make_repo(files)
    labels = _labelled(root, "lib/action.js", "Action.getName")
    assert ("lib/action.js", "own", BY_TYPE) in labels
    assert ("lib/store.js", "inherited", BY_TYPE) in labels
    assert ("test/action.test.js", "an instance", BY_TYPE) in labels
    renamed = prx.rename("Action.getName", "name", root=root, apply=True)
    assert renamed.applied
    assert "new ActionStore({ dest: 'x' }).name()" in (root / "test/action.test.js").read_text()


def test_a_prototype_member_of_an_unknown_constructor_is_never_renamed_alone(make_repo):
    """``Thing.prototype.go = ..`` where ``Thing`` is made in a way prx does not read
    (``exports.Thing = function () {}``): its accesses are candidates by name, so a rename
    stops at them instead of renaming the definition alone."""
    files = {
        "lib/thing.js": (
            "exports.Thing = function () {};\n"
            "var Thing = exports.Thing;\n"
            "Thing.prototype.go = function () { return this.stop(); };\n"
            "Thing.prototype.stop = function () { return 1; };\n"
        ),
        "test/thing.test.js": ("var Thing = require('../lib/thing').Thing;\nnew Thing().go();\n"),
    }
    root = make_repo(files)
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Thing.stop", "halt", root=root, apply=True)
    assert "this.stop()" in (root / "lib/thing.js").read_text()


def test_an_override_is_called_through_this_in_a_base_class_s_method(make_repo):
    """argparse's ``HelpFormatter`` calls ``this._splitLines(..)``, which
    ``RawTextHelpFormatter`` overrides: in JavaScript the call may reach the override, a
    candidate for its explain and impact (TypeScript binds it to the base's, as tsc)."""
    base = (
        "class Base {\n"
        "  format(text) { return this.split(text); } // a base's this\n"
        "  split(text) { return [text]; }\n"
        "}\n"
        "class Raw extends Base {\n"
        "  split(text) { return text.split('\\n'); }\n"
        "}\n"
    )
    root = make_repo({"lib/formatter.js": base + "module.exports = { Base, Raw };\n"})
    assert ("lib/formatter.js", "a base's this", BY_NAME) in _labelled(
        root, "lib/formatter.js", "Raw.split", uses=True
    )
    typed = make_repo(
        {
            "lib/formatter.ts": "export "
            + base.replace("class Raw", "export class Raw").replace("(text)", "(text: string)")
        }
    )
    assert "a base's this" not in {
        label for _, label, _ in _labelled(typed, "lib/formatter.ts", "Raw.split", uses=True)
    }


def test_a_constructor_s_own_call_is_no_instance_s_member(make_repo):
    """argparse's ``ActionStoreConstant.call(this, options)`` in a subclass's
    constructor is ``Function.prototype.call`` on the constructor (required from a file
    whose ``var X = module.exports = function X()`` is its default export), never the
    instance method ``Action.call``: it was a candidate by name in every action's file."""
    files = {
        "lib/action.js": (
            "var Action = module.exports = function Action(options) { this.dest = options; };\n"
            "Action.prototype.call = function (parser) { return parser; };\n"
        ),
        "lib/constant.js": (
            "var util = require('util');\n"
            "var Action = require('./action');\n"
            "var ActionStoreConstant = module.exports = function ActionStoreConstant(o) {\n"
            "  Action.call(this, o); // the base constructor's\n"
            "};\n"
            "util.inherits(ActionStoreConstant, Action);\n"
            "ActionStoreConstant.prototype.call = function (parser) { return parser; };\n"
        ),
        "lib/false.js": (
            "var util = require('util');\n"
            "var ActionStoreConstant = require('./constant');\n"
            "var ActionStoreFalse = module.exports = function ActionStoreFalse(o) {\n"
            "  ActionStoreConstant.call(this, o); // the parent constructor's\n"
            "};\n"
            "util.inherits(ActionStoreFalse, ActionStoreConstant);\n"
        ),
        "test/action.test.js": (
            "var Action = require('../lib/action');\nnew Action({}).call(1); // an instance\n"
        ),
    }
    root = make_repo(files)
    labels = _labelled(root, "lib/action.js", "Action.call", uses=True)
    names = {label for _, label, _ in labels}
    assert not {"the base constructor's", "the parent constructor's"} & names
    assert ("test/action.test.js", "an instance", BY_TYPE) in labels


def test_a_field_given_a_method_s_result_in_the_constructor_has_its_type(make_repo):
    """argparse's ``this._optionals = this.addArgumentGroup({..})`` in ``ArgumentParser``,
    whose inherited method returns ``new ArgumentGroup(..)``: ``this._optionals
    ._addAction(a)`` is ArgumentGroup's override, not the container's method."""
    root = make_repo(
        {
            "lib/container.js": (
                "function Container() {}\n"
                "Container.prototype._addAction = function (a) { return a; };\n"
                "Container.prototype.addGroup = function (o) {\n"
                "  var group = new Group(this, o);\n"
                "  return group;\n"
                "};\n"
                "function Group(container, o) { Container.call(this); }\n"
                "Group.prototype = Object.create(Container.prototype);\n"
                "Group.prototype._addAction = function (a) { return a; };\n"
                "module.exports = { Container: Container, Group: Group };\n"
            ),
            "lib/parser.js": (
                "var util = require('util');\n"
                "var Container = require('./container').Container;\n"
                "function Parser() {\n"
                "  Container.call(this);\n"
                "  this._optionals = this.addGroup({});\n"
                "}\n"
                "util.inherits(Parser, Container);\n"
                "Parser.prototype.add = function (a) {\n"
                "  return this._optionals._addAction(a); // the group's\n"
                "};\n"
                "module.exports = Parser;\n"
            ),
        }
    )
    group = _labelled(root, "lib/container.js", "Group._addAction", uses=True)
    assert ("lib/parser.js", "the group's", BY_TYPE) in group
    base = _labelled(root, "lib/container.js", "Container._addAction", uses=True)
    assert not any(label == "the group's" for _, label, _ in base)
