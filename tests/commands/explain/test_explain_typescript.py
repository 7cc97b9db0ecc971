"""``prx explain`` of a TypeScript class member (issue 28): its references are the
accesses whose receiver is of its class (``this``, a typed parameter, ``new``), each with
how sure it is, and a receiver of unknown type is a candidate, not "unrelated"; a
same-named method of another class is not listed."""

from __future__ import annotations

FILES = {
    "src/shape.ts": (
        "export class Square {\n"
        "  area(): number { return 4; }\n"
        "  twice(): number { return this.area() * 2; }\n"
        "}\n"
        "export class Circle {\n"
        "  area(): number { return 3; }\n"
        "}\n"
    ),
    "src/use.ts": (
        "import { Square, Circle } from './shape';\n"
        "export function sum(s: Square, c: Circle, x: any): number {\n"
        "  return s.area() + c.area() + x.area();\n"
        "}\n"
    ),
    "src/shape.test.ts": (
        "import { Square } from './shape';\n"
        "test('area', () => { expect(new Square().area()).toBe(4); });\n"
    ),
}


def test_explain_a_method_lists_its_typed_uses_with_their_certainty(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "Square.area", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(d["file"], d["line"]) for d in data["definitions"]] == [("src/shape.ts", 2)]
    references = {(r["file"], r["line"], r["certainty"]) for r in data["references"]}
    assert references == {
        ("src/shape.ts", 3, "by_type"),  # this.area()
        ("src/use.ts", 3, "by_type"),  # s: Square (c: Circle is another class's)
        ("src/use.ts", 3, "by_name"),  # x: any
    }
    assert [(t["file"], t["certainty"]) for t in data["tests"]] == [
        ("src/shape.test.ts", "by_type")
    ]
