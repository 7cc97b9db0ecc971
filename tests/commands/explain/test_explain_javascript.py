"""``prx explain`` and ``prx impact`` of a JavaScript class member (issue 28): tests
found the way mocha (``test/``, ``*.spec.js``) and jest (``__tests__/``, ``*.test.js``)
find them, linked to the member through calls on instances (``new Stack()`` through a
CommonJS ``require``, directly or through an index that re-exports it)."""

from __future__ import annotations

FILES = {
    "lib/stack.js": (
        "class Stack {\n"
        "  push(x) { return x; }\n"
        "  pop() { return 1; }\n"
        "}\n"
        "class Queue {\n"
        "  push(x) { return x; }\n"
        "}\n"
        "module.exports = { Stack, Queue };\n"
    ),
    "lib/index.js": "const { Stack } = require('./stack');\nmodule.exports = { Stack };\n",
    "test/stack.spec.js": (
        "const { Stack } = require('../lib');\n"
        "describe('stack', () => {\n"
        "  it('pushes', () => {\n"
        "    const s = new Stack();\n"
        "    s.push(1);\n"
        "  });\n"
        "});\n"
    ),
    "__tests__/pop.test.js": (
        "const { Stack, Queue } = require('../lib/stack');\n"
        "test('pop', () => {\n"
        "  const s = new Stack();\n"
        "  const q = new Queue();\n"
        "  q.push(2);\n"
        "  expect(s.pop()).toBe(1);\n"
        "});\n"
    ),
}


def test_mocha_and_jest_tests_are_linked_through_instances(make_repo, run_cli):
    root = make_repo(FILES)
    push = run_cli("explain", "Stack.push", "--budget", "0", cwd=root).envelope["data"]
    # the mocha spec pushes on a Stack; the jest test pushes on a Queue, another class
    assert [(t["file"], t["line"], t["certainty"]) for t in push["tests"]] == [
        ("test/stack.spec.js", 5, "by_type")
    ]
    pop = run_cli("explain", "Stack.pop", "--budget", "0", cwd=root).envelope["data"]
    assert [(t["file"], t["line"]) for t in pop["tests"]] == [("__tests__/pop.test.js", 6)]


def test_impact_of_a_member_lists_the_tests_that_call_it(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "lib/stack.js", "--symbol", "Queue.push", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert data["dependents"] == []
    assert [(t["file"], t["certainty"]) for t in data["tests"]] == [
        ("__tests__/pop.test.js", "by_type")
    ]
