"""Glob matching stays linear on hostile patterns and agrees with the regex translation."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from prx.engine.files.globmatch import LinearMatcher, backtracking_cost, is_regex_safe
from prx.engine.files.ignore import IgnoreFile
from prx.engine.files.patterns import GlobPattern, GlobSet, glob_tokens, translate_wildmatch

# One line of a hostile .gitignore and a name it almost matches (issue #11, item 2).
HOSTILE_IGNORE = "?*" * 16 + "b"
HOSTILE_GLOB = "*a" * 9 + "*b"
LONG_NAME = "a" * 40


def _random_pattern(rng: random.Random) -> str:
    pieces = ["a", "b", "/", "*", "?", "**/", "[ab]", "[!a]", "/**"]
    return "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))


def _random_path(rng: random.Random) -> str:
    return "".join(rng.choice("ab/") for _ in range(rng.randint(0, 9)))


def test_linear_matcher_agrees_with_regex_on_random_globs() -> None:
    rng = random.Random(20261125)
    checked = 0
    for _ in range(3000):
        pattern, path = _random_pattern(rng), _random_path(rng)
        expected = re.fullmatch(translate_wildmatch(pattern), path) is not None
        assert LinearMatcher(glob_tokens(pattern)).fullmatch(path) == expected, (pattern, path)
        checked += expected
    assert checked > 100  # the generator produces matches, not only misses


@pytest.mark.parametrize(
    "pattern",
    ["*.pyc", "*foo*", "__pycache__", "src/**/*.py", "**/node_modules/**", "/build/", "*.py[cod]"],
)
def test_ordinary_patterns_keep_the_regex(pattern: str) -> None:
    assert is_regex_safe(glob_tokens(pattern))


@pytest.mark.parametrize("pattern", [HOSTILE_IGNORE, HOSTILE_GLOB, "a/**/b/**/c/**/d*e*f"])
def test_hostile_patterns_are_matched_linearly(pattern: str) -> None:
    tokens = glob_tokens(pattern)
    assert not is_regex_safe(tokens)
    assert backtracking_cost(tokens) > 1 << 22


def test_glob_set_keeps_the_last_matching_rule_across_both_engines() -> None:
    # A hostile (linear) rule between two regex rules: the last one to match still wins.
    globs = GlobSet([glob_tokens("*"), glob_tokens(HOSTILE_GLOB), glob_tokens("x*")])
    assert globs.last_match("a" * 9 + "b") == 1
    assert globs.last_match("xab") == 2
    assert globs.last_match("zzz") == 0


def test_hostile_ignore_line_answers_without_backtracking() -> None:
    ignore = IgnoreFile(f"{HOSTILE_IGNORE}\n!keep*\n")
    assert ignore.match(LONG_NAME, is_dir=False) is None
    assert ignore.match(LONG_NAME + "b", is_dir=False) is True
    assert ignore.match("keep" + LONG_NAME + "b", is_dir=False) is False


def test_hostile_user_glob() -> None:
    glob = GlobPattern(HOSTILE_GLOB)
    assert not glob.match(LONG_NAME)
    assert glob.match("a" * 10 + "b")


def _prx(args: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    # The timeout only detects a hang (the regex engine took over 11 minutes here).
    return subprocess.run(
        [sys.executable, "-m", "prx", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )


def test_cli_find_in_repository_with_hostile_gitignore(tmp_path: pytest.TempPathFactory) -> None:
    root = str(tmp_path)
    with open(os.path.join(root, ".gitignore"), "w") as fh:
        fh.write(HOSTILE_IGNORE + "\n")
    for index in range(5):
        with open(os.path.join(root, f"{LONG_NAME}{index}.txt"), "w") as fh:
            fh.write("x\n")
    with open(os.path.join(root, LONG_NAME + "b"), "w") as fh:
        fh.write("ignored\n")
    done = _prx(["find", ".", "--flat"], root)
    assert done.returncode == 0, done.stderr
    assert f"{LONG_NAME}0.txt" in done.stdout
    assert f'"{LONG_NAME}b"' not in done.stdout
    globbed = _prx(["find", ".", "--pattern", HOSTILE_GLOB], root)
    assert globbed.returncode == 0, globbed.stderr
    assert f"{LONG_NAME}0.txt" not in globbed.stdout
