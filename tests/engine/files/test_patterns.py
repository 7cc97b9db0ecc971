"""Tests for prx.engine.files.patterns: wildmatch translation, brace expansion, GlobPattern."""

from __future__ import annotations

import re

import pytest

from prx.engine.files.globmatch import LinearMatcher
from prx.engine.files.patterns import GlobPattern, expand_braces, glob_tokens, translate_wildmatch


def wm(pattern: str, path: str) -> bool:
    by_regex = re.fullmatch(translate_wildmatch(pattern), path) is not None
    # The linear matcher (used for patterns that would backtrack) must agree on every case.
    assert LinearMatcher(glob_tokens(pattern)).fullmatch(path) == by_regex
    return by_regex


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        # '*' matches anything but '/'
        ("*", "foo", True),
        ("*", "", True),
        ("f*", "foo", True),
        ("*f", "foo", False),
        ("*.py", "a.py", True),
        ("*.py", "dir/a.py", False),
        ("foo*bar", "foo/baz/bar", False),
        ("*ob*a*r*", "foobar", True),
        ("*/foo", "bar/foo", True),
        ("*/foo", "bar/baz/foo", False),
        # '?' is one character but never '/'
        ("???", "foo", True),
        ("??", "foo", False),
        ("foo?bar", "foo-bar", True),
        ("foo?bar", "foo/bar", False),
        # literal characters that are regex-special
        ("a+b(c).txt", "a+b(c).txt", True),
        ("a.b", "axb", False),
        ("{x}", "{x}", True),
    ],
)
def test_star_and_question(pattern: str, path: str, expected: bool) -> None:
    assert wm(pattern, path) is expected


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("t[a-g]n", "ten", True),
        ("t[a-g]n", "ton", False),
        ("[ten]", "ten", False),
        ("*[al]?", "ball", True),
        ("t[!a-g]n", "ton", True),
        ("t[!a-g]n", "ten", False),
        ("t[^a-g]n", "ton", True),
        ("a[]]b", "a]b", True),
        ("a[]-]b", "a-b", True),
        ("a[]-]b", "aab", False),
        ("[!]-]", "a", True),
        ("[!]-]", "]", False),
        ("[a-]", "-", True),
        ("[--A]", "5", True),
        ("[a-c[:digit:]x-z]", "5", True),
        ("[a-c[:digit:]x-z]", "y", True),
        ("[a-c[:digit:]x-z]", "q", False),
        ("[[:upper:]]", "a", False),
        ("[[:alpha:]][[:digit:]]", "a1", True),
        ("[[:punct:]]", ".", True),
        ("[\\]]", "]", True),
        ("[\\1-\\3]", "2", True),
        ("[\\1-\\3]", "4", False),
        ("[z-a]", "m", False),  # reversed range matches nothing
        # classes never match '/', negated or not
        ("foo[/]bar", "foo/bar", False),
        ("foo[!a-z]bar", "foo/bar", False),
        ("foo[!a-z]bar", "foo-bar", True),
        # an unclosed '[' is literal
        ("ab[", "ab[", True),
        ("[!", "ab", False),
    ],
)
def test_bracket_classes(pattern: str, path: str, expected: bool) -> None:
    assert wm(pattern, path) is expected


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("foo\\*", "foo*", True),
        ("foo\\*", "foox", False),
        ("foo\\*bar", "foobar", False),
        ("\\[ab]", "[ab]", True),
        ("\\??\\?b", "?a?b", True),
        ("\\a\\b\\c", "abc", True),
        ("f\\\\oo", "f\\oo", True),
        ("\\#x", "#x", True),
        ("\\!x", "!x", True),
    ],
)
def test_backslash_escapes(pattern: str, path: str, expected: bool) -> None:
    assert wm(pattern, path) is expected


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        # leading '**/': any directory, including none
        ("**/foo", "foo", True),
        ("**/foo", "x/foo", True),
        ("**/foo", "x/y/foo", True),
        ("**/foo", "x/foobar", False),
        ("**/bar/*", "deep/foo/bar/baz", True),
        ("**/bar/*", "deep/foo/bar", False),
        # trailing '/**': everything inside, not the directory itself
        ("foo/**", "foo/a", True),
        ("foo/**", "foo/a/b/c", True),
        ("foo/**", "foo", False),
        ("foo/**", "foobar/a", False),
        # '/**/': zero or more directories
        ("a/**/b", "a/b", True),
        ("a/**/b", "a/x/b", True),
        ("a/**/b", "a/x/y/z/b", True),
        ("a/**/b", "a/xb", False),
        ("a/**/**/b", "a/x/b", True),
        # a lone '**' matches everything
        ("**", "a/b/c", True),
        ("**/**/**", "a/b/c/d", True),
        # other consecutive asterisks act like '*'
        ("foo**bar", "foobazbar", True),
        ("foo**bar", "foo/baz/bar", False),
        ("foo/**arr", "foo/bba/arr", False),
        ("**/bar**", "foo/bar/baz", False),
        ("**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt", True),
    ],
)
def test_double_star(pattern: str, path: str, expected: bool) -> None:
    assert wm(pattern, path) is expected


def test_translate_handles_newlines_in_names() -> None:
    assert wm("*", "a\nb")
    assert wm("**", "a\n/b")


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("*.{ts,tsx}", ["*.ts", "*.tsx"]),
        ("{a,b}{1,2}", ["a1", "a2", "b1", "b2"]),
        ("a{b,c{d,e}}f", ["abf", "acdf", "acef"]),
        ("{src,lib}/**/*.{py,pyi}", ["src/**/*.py", "src/**/*.pyi", "lib/**/*.py", "lib/**/*.pyi"]),
        ("x{,y}", ["x", "xy"]),
        ("{a,a}", ["a"]),
        # unbalanced or comma-less braces stay literal
        ("*.{ts", ["*.{ts"]),
        ("*.ts}", ["*.ts}"]),
        ("{x{a,b}", ["{xa", "{xb"]),
        ("{a}", ["{a}"]),
        ("{a{b,c}}", ["{ab}", "{ac}"]),
        # escaped braces do not expand
        ("\\{a,b}", ["\\{a,b}"]),
        ("plain", ["plain"]),
    ],
)
def test_expand_braces(pattern: str, expected: list[str]) -> None:
    assert expand_braces(pattern) == expected


def test_glob_basename_mode() -> None:
    py = GlobPattern("*.py")
    assert py.match("a/b/c.py")
    assert py.match("c.py")
    assert not py.match("a/b/c.pyc")
    assert not py.match("a.py/readme.md")
    tests = GlobPattern("test_*")
    assert tests.match("tests/test_x.py")
    assert not tests.match("test_dir/x.py")


def test_glob_path_mode() -> None:
    src = GlobPattern("src/**/*.py")
    assert src.match("src/a.py")
    assert src.match("src/x/y/a.py")
    assert not src.match("lib/src/a.py")
    assert not src.match("a.py")
    anywhere = GlobPattern("**/*.py")
    assert anywhere.match("a.py")
    assert anywhere.match("x/y/a.py")
    one_level = GlobPattern("src/*.py")
    assert one_level.match("src/a.py")
    assert not one_level.match("src/x/a.py")


@pytest.mark.parametrize("pattern", ["/src/*.py", "./src/*.py", ".//src/*.py"])
def test_glob_leading_root_stripped(pattern: str) -> None:
    glob = GlobPattern(pattern)
    assert glob.match("src/a.py")
    assert not glob.match("x/src/a.py")


def test_glob_rooted_name_matches_only_at_root() -> None:
    glob = GlobPattern("./setup.py")
    assert glob.match("setup.py")
    assert not glob.match("pkg/setup.py")


def test_glob_trailing_slash_means_everything_inside() -> None:
    glob = GlobPattern("docs/")
    assert glob.match("docs/a.md")
    assert glob.match("docs/x/b.md")
    assert not glob.match("docs")


def test_glob_braces_mix_modes_per_alternative() -> None:
    ts = GlobPattern("*.{ts,tsx}")
    assert ts.match("web/app.tsx")
    assert ts.match("index.ts")
    assert not ts.match("index.js")
    mixed = GlobPattern("{Makefile,src/*.c}")
    assert mixed.match("sub/Makefile")
    assert mixed.match("src/main.c")
    assert not mixed.match("lib/src/main.c")


def test_glob_repr_and_pattern() -> None:
    glob = GlobPattern("*.md")
    assert glob.pattern == "*.md"
    assert repr(glob) == "GlobPattern('*.md')"
