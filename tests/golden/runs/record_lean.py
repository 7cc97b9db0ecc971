"""Record the golden cases of issue 29 (lean answers): more real outputs of the tools whose
answers must name every failure and diagnostic with its file and line (see record.py).

    python tests/golden/runs/record_lean.py              # every case
    python tests/golden/runs/record_lean.py heldout      # the held-out cases only
    python tests/golden/runs/record_lean.py node-test/lib_frame_tap

Same layout and rules as record.py: a generated project in a temporary directory, the
command's real output saved with the directory written as ``<TMP>``, and ``truth.json`` derived
from the tool's own machine-readable report on an identical copy of the project:

* mypy: ``--output json``; ruff: ``--output-format json``; eslint: ``-f json``;
* tsc (no machine format): ``--pretty false`` read by record.py's strict reference regex;
* go test: ``-json``; go build: go/types over the packages (record.py);
* cargo test compile errors: ``cargo test --no-run --message-format=json``;
* jest: ``--json``; a suite that fails to load is a failure at its own file, at the line of
  the first stack frame in that file (else the ``(line:col)`` babel names in it), with the
  first line of its ``testExecError`` message;
* node --test: the TAP reporter's YAML block of each failure: ``location`` is where the test is
  declared, and the failure is placed at the first frame of its ``stack`` in that file (the
  test's own frame, not a helper's or a library's), else at ``location``.

The cases of the folder ``heldout`` were recorded after the parsers were changed for the
others, and were not used to change them: they measure what was not tuned on.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from record import (
    CARGO_TOML,
    ESLINT_CONFIG,
    GO_ENV,
    GO_MOD,
    JS_NODE_MODULES,
    PY,
    Case,
    Files,
    cargo_truth,
    eslint_truth,
    go_build_truth,
    go_test_truth,
    jest_truth,
    link_node_modules,
    mypy_truth,
    rel,
    ruff_truth,
    run,
    tsc_truth,
)
from record import record as record_case

# --------------------------------------------------------------------------- truths


def jest_load_truth(case: Case, root: Path) -> dict[str, Any]:
    """``jest --json``, and for each suite that failed to run: the line in its own file and
    the first line of its message."""
    out = root / ".truth.json"
    run([*case.argv, "--json", f"--outputFile={out}"], root, case.env)
    report = json.loads(out.read_text())
    truth = jest_truth(case, root)
    by_path = {f["name"]: f for f in truth["failures"]}
    for suite in report["testResults"]:
        path = rel(suite["name"], root)
        if not (suite["status"] == "failed" and not suite["assertionResults"]):
            continue
        entry = by_path[path]
        # The suite's message: "● Test suite failed to run", then the error and its stack.
        message = str(suite.get("message") or "")
        stack = message
        # The error's own line ("ReferenceError: x is not defined"; after jest's banner for a
        # file babel cannot parse), else the message's first line.
        texts = [x.strip() for x in message.splitlines() if x.strip() and "●" not in x]
        named = [x for x in texts if re.match(r"^[A-Z]\w*(?:Error|Exception)\b.*?: ", x)]
        first = (named or texts or [""])[0]
        entry["message"] = first.replace(str(root), "<TMP>")
        line = None
        for frame in re.finditer(r"\(?([^\s()]+):(\d+):\d+\)?", stack):
            if rel(frame.group(1), root) == path:
                line = int(frame.group(2))
                break
        if line is None:
            found = re.search(re.escape(str(root / path)) + r": .*\((\d+):\d+\)", message)
            line = int(found.group(1)) if found else None
        if line is not None:
            entry["line"] = line
    truth["source"] += " (testExecError of each suite that failed to run: message, own line)"
    return truth


_GO_LOG = re.compile(r"^\s+(?P<file>[\w.\-/]+\.go):(?P<line>\d+): ")


def go_test_places_truth(case: Case, root: Path) -> dict[str, Any]:
    """record.py's ``go test -json`` truth, each failed test also at the first ``file:line:``
    of its own output events (where ``t.Error`` and friends say it failed)."""
    truth = go_test_truth(case, root)
    flags = [a for a in case.argv[2:] if a.startswith("-") and a not in ("-v", "-json")]
    packages = [a for a in case.argv[2:] if not a.startswith("-")]
    result = run(["go", "test", "-json", *flags, *packages], root, GO_ENV)
    place: dict[str, tuple[str, int]] = {}
    for line in result.stdout.splitlines():
        if not line.startswith("{"):
            continue
        event = json.loads(line)
        if event.get("Action") != "output" or not event.get("Test"):
            continue
        name = f"{event['Package']} {event['Test']}"
        found = _GO_LOG.match(event.get("Output", ""))
        if found and name not in place:
            place[name] = (found.group("file"), int(found.group("line")))
    for entry in truth["failures"]:
        if entry["name"] in place and "file" not in entry:
            entry["file"], entry["line"] = place[entry["name"]]
    truth["source"] += " + the first file:line of each failed test's output"
    return truth


_TAP_RESULT = re.compile(r"^(?P<indent> *)(?P<ok>ok|not ok) \d+ - (?P<name>.*?)(?: # (?:SKIP|TODO)\b.*)?$")
_TAP_SUBTEST = re.compile(r"^(?P<indent> *)# Subtest: (?P<name>.*)$")
_FRAME = re.compile(r"\(?(?P<file>(?:/|file://)[^\s():]+):(?P<line>\d+):\d+\)?\s*$", re.M)


def node_own_frame_truth(case: Case, root: Path) -> dict[str, Any]:
    """``node --test --test-reporter=tap``: counts from its closing comments; each failed
    test (not a suite failing for its subtests) at the first stack frame in the file its
    ``location`` names, else at its ``location``."""
    argv = [a for a in case.argv if not a.startswith("--test-reporter")]
    argv.insert(argv.index("--test") + 1, "--test-reporter=tap")
    lines = run(argv, root).stdout.splitlines()
    counts: dict[str, int] = {}
    for line in lines:
        found = re.match(r"^# (tests|pass|fail|skipped|todo|cancelled) (\d+)$", line)
        if found:
            counts[found.group(1)] = int(found.group(2))
    names: dict[int, str] = {}
    failures: list[dict[str, Any]] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        sub = _TAP_SUBTEST.match(line)
        if sub:
            level = len(sub.group("indent")) // 4
            names = {k: v for k, v in names.items() if k < level}
            names[level] = sub.group("name")
            index += 1
            continue
        result = _TAP_RESULT.match(line)
        index += 1
        if result is None or result.group("ok") == "ok":
            continue
        block: list[str] = []
        if index < len(lines) and lines[index].strip() == "---":
            index += 1
            while index < len(lines) and lines[index].strip() != "...":
                block.append(lines[index].strip())
                index += 1
        text = "\n".join(block)
        if "failureType: 'subtestsFailed'" in text or "'cancelledByParent'" in text:
            continue
        level = len(result.group("indent")) // 4
        name = " > ".join([names[k] for k in sorted(names) if k < level] + [result.group("name")])
        entry: dict[str, Any] = {"name": name}
        location = re.search(r"^location: '(?P<file>.+):(?P<line>\d+):\d+'$", text, re.M)
        if location:
            own = location.group("file")
            entry["file"], entry["line"] = rel(own, root), int(location.group("line"))
            for frame in _FRAME.finditer(text):
                if frame.group("file").removeprefix("file://") == own:
                    entry["line"] = int(frame.group("line"))
                    break
        failures.append(entry)
    return {
        "source": "node --test-reporter=tap (each failure at its stack's first frame in the file its location names)",
        "counts": {
            "passed": counts.get("pass", 0),
            "failed": counts.get("fail", 0),
            "skipped": counts.get("skipped", 0) + counts.get("todo", 0),
        },
        "failures": failures,
    }


# --------------------------------------------------------------------------- projects

MYPY_STRICT: Files = {
    "pkg/__init__.py": "",
    "pkg/models.py": """
        from dataclasses import dataclass


        @dataclass
        class User:
            name: str
            age: int


        def make(name, age: int) -> User:
            return User(name, str(age))


        def older(user: User) -> User:
            return User(user.name, user.age + "1")
    """,
    "pkg/service.py": """
        from typing import Optional

        from pkg.models import User, make


        def find(users: list[User], name: str) -> Optional[User]:
            for user in users:
                if user.name == name:
                    return user


        def greet(users: list[User]) -> str:
            user = find(users, "ada")
            return "hi " + user.name


        def count() -> int:
            total = make("x", 1)
            return total.agee
    """,
}

RUFF_MANY: Files = {
    "pyproject.toml": '[tool.ruff.lint]\nselect = ["E", "F", "W", "B", "UP"]\n',
    "app/__init__.py": "",
    "app/core.py": """
        import os, sys
        from typing import List


        def handle(items: List[int] = []) -> int:
            total = 0
            for i in range(len(items)):
                total += items[i]
            if total == None:
                return -1
            return total


        def unused():
            value = compute()
            return 1
    """,
    "app/cli.py": """
        import json


        def main(argv):
            try:
                return int(argv[0])
            except:
                pass
            print("%s items" % len(argv))
    """,
}

TSC_CONFIG = '{\n  "compilerOptions": {"strict": true, "noEmit": true, "target": "es2020", "module": "commonjs"},\n  "include": ["src"]\n}\n'
TSC_CHAINS: Files = {
    "tsconfig.json": TSC_CONFIG,
    "src/types.ts": """
        export interface Point { x: number; y: number }
        export interface Shape { name: string; points: Point[] }
    """,
    "src/shapes.ts": """
        import { Point, Shape } from './types';

        export function square(size: number): Shape {
          return { name: 'square', points: [{ x: 0, y: '0' }, { x: size, y: 0 }] };
        }

        export function area(shape: Shape): number {
          return shape.points.length * shape.size;
        }

        export function first(points: Point[]): Point {
          return points.find((p) => p.x > 0);
        }
    """,
    "src/main.ts": """
        import { square, area } from './shapes';

        const s = square('3');
        const total: string = area(s);
        console.log(totl);
    """,
}

ESLINT_MIXED: Files = {
    "eslint.config.js": ESLINT_CONFIG,
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "src/util.js": """
        export function pick(list, key) {
          let out = [];
          for (const item of list) {
            if (item[key] != null) {
              out.push(item[key]);
            }
          }
          console.log(out.length);
          return out;
        }
    """,
    "src/app.js": """
        import { pick } from './util.js';

        const unusedConfig = { debug: true };

        export function run(items) {
          const names = pick(items, 'name');
          if (names.length == 0) {
            console.warn('nothing');
          }
          return total;
        }
    """,
    "src/ok.js": "export const ok = 1;\n",
}

GO_HELPERS: Files = {
    "go.mod": GO_MOD,
    "text/text.go": """
        package text

        import "strings"

        // Title upper-cases the first letter of each word (wrong on purpose for "a-b").
        func Title(s string) string {
        \twords := strings.Fields(s)
        \tfor i, w := range words {
        \t\twords[i] = strings.ToUpper(w[:1]) + w[1:]
        \t}
        \treturn strings.Join(words, " ")
        }
    """,
    "text/text_test.go": """
        package text

        import "testing"

        func check(t *testing.T, got, want string) {
        \tt.Helper()
        \tif got != want {
        \t\tt.Errorf("got %q, want %q", got, want)
        \t}
        }

        func TestTitle(t *testing.T) {
        \tcheck(t, Title("hello world"), "Hello World")
        \tcheck(t, Title("a-b c"), "A-B C")
        }

        func TestTable(t *testing.T) {
        \tcases := map[string]string{"x": "X", "go lang": "Go Lang", "é": "É"}
        \tfor in, want := range cases {
        \t\tin, want := in, want
        \t\tt.Run(in, func(t *testing.T) {
        \t\t\tif got := Title(in); got != want {
        \t\t\t\tt.Fatalf("Title(%q) = %q, want %q", in, got, want)
        \t\t\t}
        \t\t})
        \t}
        }
    """,
    "num/num.go": "package num\n\n// Half halves n.\nfunc Half(n int) int { return n / 2 }\n",
    "num/num_test.go": """
        package num

        import "testing"

        func TestHalf(t *testing.T) {
        \tif Half(3) != 1 {
        \t\tt.Error("Half(3) should be 1")
        \t}
        \tif Half(5) != 3 {
        \t\tt.Errorf("Half(5) = %d, want 3", Half(5))
        \t}
        }

        func TestOK(t *testing.T) {}
    """,
}

GO_BUILD_MULTI: Files = {
    "go.mod": GO_MOD,
    "store/store.go": """
        package store

        import (
        \t"fmt"
        \t"os"
        )

        // Store keeps values.
        type Store struct{ items map[string]int }

        // Get returns a value.
        func (s *Store) Get(key string) int {
        \tv, ok := s.items[key]
        \treturn v + ok
        }

        // Put stores a value.
        func (s *Store) Put(key string, value string) {
        \ts.items[key] = value
        }
    """,
    "cmd/app/main.go": """
        package main

        import "strconv"

        func main() {
        \tn := strconv.Itoa("7")
        \tvar count int = n
        \tprintln(count)
        }
    """,
}

CARGO_COMPILE: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub fn parse(s: &str) -> i32 {
            s.trim().parse().unwrap_or(0)
        }

        pub fn double(n: i32) -> i32 {
            let unused = 3;
            n * 2
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn parses() {
                let n: String = parse(" 4 ");
                assert_eq!(n, 4);
            }

            #[test]
            fn doubles() {
                assert_eq!(tripple(2), 6);
            }
        }
    """,
}

JEST_LOAD: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "src/config.js": """
        const env = process.env.PRX_NEVER_SET;
        if (!env) {
          throw new Error('config: PRX_NEVER_SET is required');
        }
        module.exports = { env };
    """,
    "src/math.js": "exports.add = (a, b) => a + b;\n",
    "test/config.test.js": """
        const config = require('../src/config');

        test('reads env', () => {
          expect(config.env).toBe('x');
        });
    """,
    "test/math.test.js": """
        const { add } = require('../src/math');

        test('adds', () => {
          expect(add(1, 2)).toBe(3);
        });
    """,
    "test/top.test.js": """
        const { add } = require('../src/math');

        const table = buildTable();

        test('uses the table', () => {
          expect(table.length).toBe(2);
        });
    """,
}

NODE_LIB = {
    "lib/calc.js": """
        'use strict';
        const assert = require('node:assert');

        function checkedDivide(a, b) {
          assert.notStrictEqual(b, 0, 'division by zero');
          return a / b;
        }

        function mean(values) {
          return values.reduce((s, v) => s + v, 0) / values.length;
        }

        module.exports = { checkedDivide, mean };
    """,
    "test/calc.test.js": """
        'use strict';
        const { describe, it, test } = require('node:test');
        const assert = require('node:assert');
        const { checkedDivide, mean } = require('../lib/calc');

        describe('calc', () => {
          it('divides', () => {
            assert.strictEqual(checkedDivide(6, 3), 2);
          });

          it('refuses zero', () => {
            checkedDivide(1, 0);
          });

          it('averages', () => {
            assert.strictEqual(mean([1, 2, 4]), 2);
          });
        });

        test('top level', () => {
          assert.deepStrictEqual({ a: 1 }, { a: 2 });
        });
    """,
}

CASES: list[Case] = [
    Case("mypy", "strict_two_modules", ["mypy", "--strict", "pkg"], MYPY_STRICT, truth=mypy_truth),
    Case("ruff", "many_rules", ["ruff", "check", "app"], RUFF_MANY, truth=ruff_truth),
    Case("tsc", "message_chains", ["npx", "tsc", "-p", "."], TSC_CHAINS, setup=link_node_modules, truth=tsc_truth),
    Case("eslint", "mixed_files", ["npx", "eslint", "src"], ESLINT_MIXED, setup=link_node_modules, truth=eslint_truth),
    Case("go-test", "helpers_subtests", ["go", "test", "./..."], GO_HELPERS, truth=go_test_places_truth, env=GO_ENV),
    Case("go-build", "two_packages", ["go", "build", "./..."], GO_BUILD_MULTI, truth=go_build_truth, env=GO_ENV),
    Case("cargo-test", "compile_errors_in_tests", ["cargo", "test", "--offline"], CARGO_COMPILE, truth=cargo_truth),
    Case("jest", "load_failures", ["npx", "jest"], JEST_LOAD, setup=link_node_modules, truth=jest_load_truth),
    Case("node-test", "lib_frame_tap", ["node", "--test"], NODE_LIB, truth=node_own_frame_truth),
    Case("node-test", "lib_frame_spec", ["node", "--test", "--test-reporter=spec"], NODE_LIB, truth=node_own_frame_truth),
]

# --------------------------------------------------------------------------- held out
#
# Recorded after the parsers were changed for the cases above; not used to change them.

HO_MYPY: Files = {
    "src/inventory/__init__.py": "",
    "src/inventory/stock.py": """
        from typing import Protocol


        class Priced(Protocol):
            def price(self) -> float: ...


        class Item:
            def __init__(self, name: str, cents: int) -> None:
                self.name = name
                self.cents = cents

            def price(self) -> int:
                return self.cents / 100


        def total(items: list[Priced]) -> float:
            return sum(i.price() for i in items)


        def label(item: Item) -> str:
            return item.name + item.cents


        reveal_type(total)
    """,
    "src/inventory/report.py": """
        from inventory.stock import Item, total


        def report(items: list[Item]) -> None:
            print(total(items))
            x: int = "zero"  # type: ignore[assignment]
            y: int = None
    """,
}

HO_RUFF: Files = {
    "src/shop/__init__.py": "",
    "src/shop/cart.py": """
        import os
        from typing import Dict, Optional


        class Cart:
            def __init__(self, items: Optional[Dict[str, int]] = None):
                self.items = items or dict()

            def add(self, name, qty=1):
                if name in self.items.keys():
                    self.items[name] = self.items[name] + qty
                else:
                    self.items[name] = qty

            def empty(self):
                if len(self.items) == 0:
                    return True
                else:
                    return False
    """,
    "tests/test_cart.py": """
        from shop.cart import Cart


        def test_add():
            c = Cart()
            c.add("a")
            assert c.items == {"a": 1}, "one a"
            l = [x for x in c.items]
    """,
}

HO_TSC: Files = {
    "tsconfig.json": TSC_CONFIG,
    "src/api.ts": """
        export type User = { id: number; name: string; email?: string };

        export async function fetchUser(id: number): Promise<User> {
          return { id, name: 'ada', mail: 'a@b.c' };
        }

        export function domain(u: User): string {
          return u.email.split('@')[1];
        }
    """,
    "src/index.ts": """
        import { fetchUser, domain, User } from './api';

        async function main(): Promise<void> {
          const u = fetchUser(1);
          console.log(domain(u));
          const users: User[] = [{ id: '2', name: 'bob' }];
          users.forEach((x) => x.nam);
        }

        main();
    """,
}

HO_ESLINT_CONFIG = """
export default [
  {
    files: ['**/*.js'],
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { console: 'readonly' } },
    rules: {
      'no-unused-vars': 'error',
      'no-undef': 'error',
      'no-empty': 'error',
      'no-dupe-keys': 'error',
      curly: 'warn',
    },
  },
];
"""
HO_ESLINT: Files = {
    "eslint.config.js": HO_ESLINT_CONFIG,
    "package.json": '{"name": "demo", "private": true, "type": "module"}\n',
    "lib/parse.js": """
        export function parse(text) {
          const out = { a: 1, a: 2 };
          try {
            return JSON.parse(text);
          } catch (e) {}
          // eslint-disable-next-line no-undef
          if (out) return out;
        }
    """,
    "lib/fmt.js": """
        export const fmt = (n, unit) => {
          if (n > 1000) return (n / 1000).toFixed(1) + 'k' + suffix;
          return String(n);
        };
    """,
}

HO_GO_VERBOSE: Files = {
    "go.mod": GO_MOD,
    "shop/cart.go": """
        package shop

        // Cart counts items.
        type Cart struct{ items map[string]int }

        // New makes a cart.
        func New() *Cart { return &Cart{items: map[string]int{}} }

        // Add adds qty of name (ignores qty over 10, on purpose).
        func (c *Cart) Add(name string, qty int) {
        	if qty > 10 {
        		return
        	}
        	c.items[name] += qty
        }

        // Count is the number of a name.
        func (c *Cart) Count(name string) int { return c.items[name] }
    """,
    "shop/cart_test.go": """
        package shop

        import "testing"

        func TestAdd(t *testing.T) {
        	c := New()
        	c.Add("a", 2)
        	if c.Count("a") != 2 {
        		t.Fatal("want 2")
        	}
        }

        func TestAddMany(t *testing.T) {
        	for _, qty := range []int{1, 11, 20} {
        		qty := qty
        		t.Run("qty", func(t *testing.T) {
        			c := New()
        			c.Add("a", qty)
        			if got := c.Count("a"); got != qty {
        				t.Errorf("Count = %d, want %d", got, qty)
        			}
        		})
        	}
        }

        func TestSkipped(t *testing.T) { t.Skip("not yet") }
    """,
}

HO_GO_BUILD: Files = {
    "go.mod": GO_MOD,
    "geo/point.go": """
        package geo

        import "math"

        // Point is a point.
        type Point struct{ X, Y float64 }

        // Dist is the distance to q.
        func (p Point) Dist(q Point) float64 {
        	dx := p.X - q.X
        	dy := p.Y - q.Y
        	return math.Sqrt(dx*dx + dy*dy)
        }
    """,
    "geo/shape.go": """
        package geo

        // Shape has points.
        type Shape struct{ Points []Point }

        // Perimeter sums the sides.
        func (s Shape) Perimeter() int {
        	var total float64
        	for i, p := range s.Points {
        		total += p.Dist(s.Points[(i+1)%len(s.Points)])
        	}
        	return total
        }

        // Centre is the middle.
        func (s Shape) Centre() Point {
        	n := len(s.Points)
        	return Point{X: sum(s.Points) / n}
        }
    """,
}

HO_CARGO: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub struct Stack<T> {
            items: Vec<T>,
        }

        impl<T> Stack<T> {
            pub fn new() -> Self {
                Stack { items: Vec::new() }
            }
            pub fn push(&mut self, item: T) {
                self.items.push(item);
            }
            pub fn pop(&mut self) -> Option<T> {
                self.items.pop()
            }
        }

        #[cfg(test)]
        mod tests {
            #[test]
            fn unit_ok() {
                assert_eq!(1 + 1, 2);
            }
        }
    """,
    "tests/stack.rs": """
        use calc::Stack;

        #[test]
        fn pushes_and_pops() {
            let s = Stack::new();
            s.push(1);
            assert_eq!(s.pop(), Some(1));
        }

        #[test]
        fn peeks() {
            let mut s: Stack<u8> = Stack::new();
            assert_eq!(s.peek(), None);
        }
    """,
}

HO_JEST: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "src/bad.js": "module.exports = {\n  parse(x) { return x +; },\n};\n",
    "src/good.js": "exports.id = (x) => x;\n",
    "test/bad.test.js": """
        const { parse } = require('../src/bad');

        test('parses', () => {
          expect(parse(1)).toBe(1);
        });
    """,
    "test/good.test.js": """
        const { id } = require('../src/good');

        describe('id', () => {
          const fixtures = loadFixtures();
          test('keeps', () => {
            expect(id(fixtures[0])).toBe(fixtures[0]);
          });
        });
    """,
    "test/ok.test.js": """
        const { id } = require('../src/good');

        test('ok', () => {
          expect(id(2)).toBe(2);
        });
        test('fails', () => {
          expect(id([1, 2])).toEqual([1, 3]);
        });
    """,
}

HO_NODE: Files = {
    "lib/queue.js": """
        'use strict';

        class Queue {
          constructor(limit) {
            this.limit = limit;
            this.items = [];
          }
          push(x) {
            if (this.items.length >= this.limit) throw new RangeError(`queue full (${this.limit})`);
            this.items.push(x);
          }
          later(ms) {
            return new Promise((_, reject) => setTimeout(() => reject(new Error('timed out in queue')), ms));
          }
        }

        module.exports = { Queue };
    """,
    "test/helpers.js": """
        'use strict';
        const assert = require('node:assert');

        function fill(queue, n) {
          for (let i = 0; i < n; i++) queue.push(i);
        }

        function expectSize(queue, n) {
          assert.strictEqual(queue.items.length, n, `size ${queue.items.length}, want ${n}`);
        }

        module.exports = { fill, expectSize };
    """,
    "test/queue.test.js": """
        'use strict';
        const { describe, it } = require('node:test');
        const { Queue } = require('../lib/queue');
        const { fill, expectSize } = require('./helpers');

        describe('queue', () => {
          it('fills', () => {
            const q = new Queue(5);
            fill(q, 3);
            expectSize(q, 4);
          });

          it('overflows', () => {
            const q = new Queue(2);
            fill(q, 3);
          });

          it('waits', async () => {
            await new Queue(1).later(5);
          });

          it('counts', () => {
            expectSize(new Queue(1), 0);
          });
        });
    """,
}

HELD_OUT: list[Case] = [
    Case("mypy", "mypy_src_columns", ["mypy", "--show-column-numbers", "--warn-unused-ignores", "src"], HO_MYPY, truth=mypy_truth, env={"MYPYPATH": "src"}),
    Case("ruff", "ruff_concise_two_dirs", ["ruff", "check", "--select", "E,F,B,SIM,UP,E741", "--output-format", "concise", "src", "tests"], HO_RUFF, truth=ruff_truth),
    Case("tsc", "tsc_pretty_noemit", ["npx", "tsc", "--noEmit", "--pretty"], HO_TSC, setup=link_node_modules, truth=tsc_truth),
    Case("eslint", "eslint_dot_directives", ["npx", "eslint", "."], HO_ESLINT, setup=link_node_modules, truth=eslint_truth),
    Case("go-test", "go_test_verbose_table", ["go", "test", "-v", "./..."], HO_GO_VERBOSE, truth=go_test_places_truth, env=GO_ENV),
    Case("go-build", "go_build_one_package", ["go", "build", "./..."], HO_GO_BUILD, truth=go_build_truth, env=GO_ENV),
    Case("cargo-test", "cargo_integration_compile_errors", ["cargo", "test", "--offline"], HO_CARGO, truth=cargo_truth),
    Case("jest", "jest_import_syntax_and_describe_error", ["npx", "jest", "--ci"], HO_JEST, setup=link_node_modules, truth=jest_load_truth),
    Case("node-test", "node_helpers_spec", ["node", "--test", "--test-reporter=spec", "test/"], HO_NODE, truth=node_own_frame_truth),
    Case("node-test", "node_helpers_tap", ["node", "--test", "test/"], HO_NODE, truth=node_own_frame_truth),
]
for _case in HELD_OUT:
    _case.folder = "heldout"
CASES += HELD_OUT

#: npx's notice of a newer npm is the registry's news, not the tool's output.
NPM_QUIET = {"npm_config_update_notifier": "false"}
for _case in CASES:
    if _case.argv[0] == "npx":
        _case.env = {**NPM_QUIET, **_case.env}

#: The program each case needs (the npm tools under JS_NODE_MODULES/.bin).
NEEDS = {"tsc": "tsc", "eslint": "eslint", "jest": "jest"}


def main(selected: list[str]) -> int:
    for case in CASES:
        where = case.folder or case.tool
        if selected and not {case.tool, where, f"{where}/{case.name}"} & set(selected):
            continue
        binary = NEEDS.get(case.tool)
        if binary is not None and not (JS_NODE_MODULES / ".bin" / binary).exists():
            print(f"skip {where}/{case.name}: no {binary} in {JS_NODE_MODULES}")
            continue
        program = case.argv[0]
        if binary is None and program != PY and shutil.which(program) is None:
            print(f"skip {where}/{case.name}: {program} is not installed")
            continue
        folder = record_case(case)
        print(f"recorded {folder.relative_to(Path(__file__).parent)} (exit {(folder / 'exit_code').read_text().strip()})")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PRX_GOLDEN_NODE_MODULES", str(JS_NODE_MODULES))
    raise SystemExit(main(sys.argv[1:]))
