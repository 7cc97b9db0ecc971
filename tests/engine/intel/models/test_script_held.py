"""A JavaScript function a class keeps in a field (issue 28; markdown-it's
``this.validateLink = validateLink``, called as ``state.md.validateLink(url)``): the calls
through the field are the function's uses for explain and impact, while a rename of the
function leaves the field, and so those calls, alone."""

from __future__ import annotations

import prx

FILES = {
    "lib/index.js": (
        "'use strict';\n"
        "function validate(url) {\n"
        "  return url.length > 0;\n"
        "}\n"
        "\n"
        "function Md() {\n"
        "  this.validate = validate;\n"
        "}\n"
        "Md.prototype.render = function (src) {\n"
        "  return this.validate(src) ? src : '';\n"
        "};\n"
        "Md.prototype.check = validate;\n"
        "\n"
        "module.exports = Md;\n"
    ),
    "test/md.test.js": (
        "var Md = require('../lib');\n"
        "var md = new Md();\n"
        "md.validate('x'); // through the field\n"
        "md.check('y'); // through the prototype\n"
        "md.validate = function () { return true; }; // another function put there\n"
        "md.render('z');\n"
    ),
}


def test_calls_through_a_field_holding_the_function_are_its_uses(make_repo):
    root = make_repo(FILES)
    explained = prx.explain("validate", root=root)
    tests = {(r.file, r.line): r.certainty for r in explained.tests}
    assert tests == {("test/md.test.js", 3): "by_type", ("test/md.test.js", 4): "by_type"}
    impact = prx.impact("lib/index.js", symbol="validate", root=root)
    assert [d.file for d in impact.tests] == ["test/md.test.js"]


def test_a_rename_of_the_function_keeps_the_field_s_name(make_repo):
    root = make_repo(FILES)
    renamed = prx.rename("validate", "isValid", root=root, apply=True)
    assert renamed.applied
    source = (root / "lib/index.js").read_text()
    assert "function isValid(url)" in source
    assert "this.validate = isValid;" in source
    assert "Md.prototype.check = isValid;" in source
    assert "md.validate('x')" in (root / "test/md.test.js").read_text()
