"""`prx stats` baselines: what the named Unix command really prints (run here to compare),
never the sizes of whole files; negative savings shown as such."""

from __future__ import annotations

import json
import shlex
import subprocess

import pytest

from prx.core.tokens import count_fast

# Lines of several shapes: two hits in one file, CRLF, non-ASCII, no final newline.
TREE = {
    "src/alpha.py": "def fit_prefix(items):\n    return fit_prefix_inner(items)\n\n\nx = 1\n",
    "src/beta.txt": "use fit_prefix here\r\nnothing\nFIT_PREFIX ünïcödé fit_prefix end",
    "src/nested/gamma.md": "# Notes\n\nNo match in this one.\n",
    "docs/delta.rst": "See ``fit_prefix`` in alpha.\n",
}


def last_record(prx_home):
    lines = (prx_home / "stats.jsonl").read_text().splitlines()
    return json.loads(lines[-1])


def unix(argv, cwd):
    """The real command's stdout, as text (its tokens are counted as prx counts them)."""
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, check=False)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout.decode("utf-8")


@pytest.mark.parametrize(
    ("args", "argv"),
    [
        (("--literal", "fit_prefix", "."), ["grep", "-rnF", "--", "fit_prefix", "."]),
        (("--literal", "fit_prefix", "src"), ["grep", "-rnF", "--", "fit_prefix", "src"]),
        (("--literal", "fit_prefix", "src/"), ["grep", "-rnF", "--", "fit_prefix", "src/"]),
        (
            ("--literal", "fit_prefix", "src/beta.txt"),
            ["grep", "-rnF", "--", "fit_prefix", "src/beta.txt"],
        ),
        (("--literal", "-i", "FIT_PREFIX", "."), ["grep", "-rniF", "--", "FIT_PREFIX", "."]),
        (("--regex", "fit_[a-z]+", "."), ["grep", "-rnE", "--", "fit_[a-z]+", "."]),
        (
            ("--literal", "fit_prefix", ".", "--include", "*.py"),
            ["grep", "-rnF", "--include=*.py", "--", "fit_prefix", "."],
        ),
    ],
)
def test_literal_and_regex_baselines_are_what_grep_prints(run_cli, make_repo, prx_home, args, argv):
    root = make_repo(TREE)
    run = run_cli("search", *args, "-k", "1", cwd=root)
    assert run.exit_code == 0
    record = last_record(prx_home)
    printed = unix(argv, root)
    assert printed  # the comparison means something
    assert record["baseline_tokens"] == count_fast(printed)
    assert record["baseline_strategy"] == "measured"
    assert record["baseline_command"] == shlex.join(argv)


def test_files_grep_would_read_but_prx_skips_make_a_lower_bound(run_cli, make_repo, prx_home):
    root = make_repo({**TREE, ".gitignore": "build/\n", "build/out.txt": "fit_prefix\n"})
    run_cli("search", "--literal", "fit_prefix", cwd=root)
    record = last_record(prx_home)
    printed = unix(["grep", "-rnF", "--", "fit_prefix", "."], root)
    assert record["baseline_strategy"] == "lower_bound"
    assert record["baseline_tokens"] < count_fast(printed)


def test_large_files_with_little_grep_output_claim_no_big_savings(run_cli, make_repo, prx_home):
    # The reported case: a ranked search counted the whole size of every file it matched
    # (a 98% "saving") although grep prints a few short lines.
    filler = "".join(f"value_{i} = {i}  # some padding text for a long file\n" for i in range(3000))
    root = make_repo(
        {
            "big_one.py": "def fit_prefix(items, limit):\n    return items[:limit]\n" + filler,
            "big_two.py": filler + "from big_one import fit_prefix\n",
            "big_three.py": filler + "print(fit_prefix([1, 2], 1))\n",
        }
    )
    run = run_cli("search", "fit_prefix", cwd=root)
    assert run.exit_code == 0 and run.envelope["data"]["mode"] == "symbol"
    record = last_record(prx_home)
    printed = unix(["grep", "-rnF", "--", "fit_prefix", "."], root)
    sizes = sum(p.stat().st_size for p in root.glob("*.py"))
    assert record["baseline_tokens"] <= count_fast(printed) < sizes // 4 // 100
    assert record["baseline_command"] == "grep -rnF -- fit_prefix ."
    assert record["baseline_strategy"] == "lower_bound"
    # prx returned more than grep prints: the savings are negative, and shown so.
    assert record["tokens"] > record["baseline_tokens"]
    search = run_cli("stats", "--by-command", cwd=root).envelope["data"]["by_command"][0]
    assert search["command"] == "search"
    assert search["tokens_saved"] < 0 and search["savings_percent"] < 0


def test_ranked_search_names_the_query_word_grep_prints_least_for(run_cli, make_repo, prx_home):
    common = "".join(f"parse line {i}\n" for i in range(50))
    root = make_repo({"a.txt": common, "b.py": "def tokenizer_setup():\n    pass  # parse\n"})
    run_cli("search", "how does the parse tokenizer work", cwd=root)
    record = last_record(prx_home)
    assert record["baseline_command"] == "grep -rnF -- tokenizer ."
    printed = unix(["grep", "-rnF", "--", "tokenizer", "."], root)
    assert record["baseline_tokens"] == count_fast(printed)


def test_later_pages_count_nothing_more(run_cli, make_repo, prx_home):
    root = make_repo(TREE)
    first = run_cli("search", "--literal", "fit_prefix", "-k", "1", cwd=root).envelope["data"]
    token = first["continuation_token"]
    assert token
    whole = last_record(prx_home)["baseline_tokens"]
    run_cli("search", "--literal", "fit_prefix", "-k", "1", "--continue", token, cwd=root)
    record = last_record(prx_home)
    assert whole > 0 and (record["baseline_tokens"], record["baseline_strategy"]) == (
        0,
        "continuation",
    )


def test_search_exists_is_compared_with_grep_q(run_cli, make_repo, prx_home):
    root = make_repo(TREE)
    run_cli("search", "--literal", "fit_prefix", "--exists", cwd=root)
    record = last_record(prx_home)
    assert record["baseline_command"] == "grep -rqF -- fit_prefix ."
    assert (record["baseline_tokens"], record["baseline_strategy"]) == (0, "measured")


@pytest.mark.parametrize(
    ("args", "argv"),
    [
        ((".",), ["find", ".", "-type", "f"]),
        (("src", "--flat"), ["find", "./src", "-type", "f"]),
        ((".", "--pattern", "*.py"), ["find", ".", "-type", "f", "-name", "*.py"]),
        ((".", "--max-depth", "2", "--tree"), ["find", ".", "-maxdepth", "2", "-type", "f"]),
        (("src/alpha.py",), ["find", "./src/alpha.py", "-type", "f"]),
    ],
)
def test_find_baseline_is_what_find_prints(run_cli, make_repo, prx_home, args, argv):
    root = make_repo(TREE)
    run_cli("find", *args, cwd=root)
    record = last_record(prx_home)
    printed = unix(argv, root)
    assert (record["baseline_tokens"], record["baseline_strategy"]) == (
        count_fast(printed),
        "measured",
    )
    assert record["baseline_command"] == shlex.join(argv)


@pytest.mark.parametrize("lines", ["2-3", "3", "2-", "1-99"])
def test_read_lines_baseline_is_what_sed_prints(run_cli, make_repo, prx_home, lines):
    root = make_repo(TREE)
    run_cli("read", "src/beta.txt", "--lines", lines, cwd=root)
    record = last_record(prx_home)
    first, _, last = lines.partition("-")
    end = (last or "$") if "-" in lines else first
    printed = unix(["sed", "-n", f"{first},{end}p", "--", "src/beta.txt"], root)
    assert (record["baseline_tokens"], record["baseline_strategy"]) == (
        count_fast(printed),
        "measured",
    )


def test_read_hash_is_compared_with_sha256sum(run_cli, make_repo, prx_home):
    root = make_repo({"big.txt": "z" * 40_000})
    run_cli("read", "big.txt", "--hash", cwd=root)
    record = last_record(prx_home)
    printed = unix(["sha256sum", "--", "big.txt"], root)
    assert record["baseline_command"] == "sha256sum -- big.txt"
    assert record["baseline_tokens"] == count_fast(printed)
    assert record["tokens"] > record["baseline_tokens"]  # not 10,000 tokens "saved"


def test_exists_baseline_never_exceeds_what_grep_lists(run_cli, make_repo, prx_home):
    root = make_repo(TREE)
    for pattern in ("fit_prefix", "no_such_text"):
        run_cli("exists", pattern, cwd=root)
        record = last_record(prx_home)
        printed = unix(["grep", "-rlF", "--", pattern, "."], root)
        assert record["baseline_tokens"] <= count_fast(printed)
    assert (record["baseline_tokens"], record["baseline_strategy"]) == (0, "measured")
    # One file holds "nothing": grep lists just it, named from the PATH operand.
    for path in ("src", "src/", "."):
        run_cli("exists", "nothing", path, cwd=root)
        record = last_record(prx_home)
        printed = unix(["grep", "-rlF", "--", "nothing", path], root)
        assert record["baseline_tokens"] == count_fast(printed)
    run_cli("exists", "beta.txt", "src", cwd=root)  # a path: ls -d -- src/beta.txt
    record = last_record(prx_home)
    assert record["baseline_command"] == "ls -d -- src/beta.txt"
    assert record["baseline_tokens"] == count_fast(unix(["ls", "-d", "--", "src/beta.txt"], root))


def test_outline_makes_no_claim(run_cli, make_repo, prx_home):
    root = make_repo(TREE)
    run_cli("outline", "src/alpha.py", cwd=root)
    record = last_record(prx_home)
    assert record["baseline_strategy"] == "parity"
    assert record["baseline_tokens"] == record["tokens"]


def test_negative_and_undefined_savings_are_shown(run_cli, make_repo, prx_home):
    root = make_repo(TREE)
    run_cli("exists", "no_such_text", cwd=root)  # grep prints nothing; prx answers
    data = run_cli("stats", cwd=root).envelope["data"]
    period = data["periods"][2]
    assert period["tokens_baseline"] == 0 and period["tokens_saved"] < 0
    assert period["savings_percent"] is None  # no percentage of nothing
    plain = run_cli("stats", "--plain", cwd=root).stdout
    assert "n/a" in plain and f"{period['tokens_saved']}" in plain
    run_cli("read", "src/alpha.py", "--hash", cwd=root)  # more than sha256sum prints
    data = run_cli("stats", cwd=root).envelope["data"]
    assert data["periods"][2]["savings_percent"] < 0
    commands = run_cli("stats", "--by-command", cwd=root).envelope["data"]["by_command"]
    read = next(c for c in commands if c["command"] == "read")
    assert read["tokens_saved"] < 0 and read["savings_percent"] < 0
    assert read["baseline_strategies"] == {"measured": 1}
    plain = run_cli("stats", "--by-command", "--plain", cwd=root).stdout
    assert f"{read['savings_percent']:.1f}" in plain and "1 measured" in plain


def test_word_grep_counts_each_line_once_and_looks_past_missing_postings():
    from prx.engine.corpus.corpus import ChunkRecord
    from prx.engine.usage.grep import CAP, name_counter, word_grep

    def chunk(file, start, text):
        return ChunkRecord(file, None, start, start + text.count("\n"), text, None, None)

    chunks = [
        chunk("a.py", 1, "alpha beta\nprefix_x = 1\n"),
        chunk("a.py", 2, "prefix_x = 1\nother\n"),  # overlaps line 2 of a.py
        chunk("b.py", 1, "prefixes and prefix\n"),
    ]
    name = name_counter(".", True)
    # grep -rnF -- prefix . prints "./a.py:2:prefix_x = 1" and "./b.py:1:prefixes and prefix".
    expected = len("./a.py:2:prefix_x = 1\n") + len("./b.py:1:prefixes and prefix\n")
    assert word_grep(chunks, ["prefix"], name) == ("prefix", expected)
    # Postings that name only b.py's chunk under-count (a lower bound); postings that name
    # none make it look everywhere rather than report the word absent.
    assert word_grep(chunks, ["prefix"], name, postings=lambda w: [2]) == (
        "prefix",
        len("./b.py:1:prefixes and prefix\n"),
    )
    assert word_grep(chunks, ["alpha"], name, postings=lambda w: None) == (
        "alpha",
        len("./a.py:1:alpha beta\n"),
    )
    # The word printing least wins; words that occur nowhere do not count.
    assert word_grep(chunks, ["prefix", "alpha", "zzz"], name)[0] == "alpha"
    assert word_grep(chunks, ["zzz"], name) is None
    many = [chunk("c.py", 1, "hit line\n" * 10_000)]
    assert word_grep(many, ["hit"], name) == ("hit", CAP)
