"""prx search: every mode on a fixture repository, paging, budgets, determinism, plugins."""

from __future__ import annotations

import os

import pytest
from demo_project import FILES

import prx
from prx.core.errors import InvalidArgumentError
from prx.plugin import Candidate, Reranker, Retriever, hookimpl

from envelopes import assert_error, assert_ok, data_hits, hits


@pytest.fixture
def repo(make_repo):
    return make_repo(FILES)


@pytest.fixture
def ws(repo):
    return prx.Workspace(repo)


def files(result):
    return [f.file for f in result.files]


def test_symbol_query_finds_the_definition_first(ws):
    res = ws.search("authenticate_user")
    assert res.mode == "symbol"
    top = hits(res)[0]
    assert (top.file, top.line) == ("auth/login.py", 18)
    assert top.context_type == "function" and top.context_name == "authenticate_user"
    # The snippet starts at the definition's line, so no signature repeats it.
    assert top.snippet.startswith("def authenticate_user(name, password):")
    assert top.snippet_start == 18 and top.context_signature is None
    assert top.relevance == 1.0 and top.language == "python" and len(top.hash) == 32
    # The default page is the definition; the lines using it follow, the test's among them.
    assert files(res) == ["auth/login.py"] and res.truncated
    assert "tests/test_login.py" in {o.file for o in res.occurrences}
    # A page of a given size ranks on: the test that calls it below the definition.
    assert files(ws.search("authenticate_user", top_k=10)).index("tests/test_login.py") > 0


def test_qualified_and_case_insensitive_symbols(ws):
    assert hits(ws.search("SessionStore.open_session"))[0].context_name == "open_session"
    assert files(ws.search("sessionstore"))[0] == "auth/login.py"


def test_word_query_is_hybrid_and_ranks_by_meaning(ws):
    res = ws.search("how are invoices rendered with tax")
    assert res.mode == "hybrid" and res.mode_reason
    assert files(res)[0] == "billing/invoice.py"


def test_literal_mode_with_columns_context_and_true_total(ws):
    res = ws.search("issue_token(", mode=None)
    assert res.mode == "literal"
    assert res.total_matches == 2  # the call and the definition
    hit, other = hits(res)
    # No field repeats the query: the matched text is the query itself.
    assert (hit.file, hit.line, hit.column, hit.match) == ("auth/login.py", 13, 17, None)
    assert (other.file, other.line) == ("auth/tokens.py", 6)
    assert hit.context_name == "open_session" and "token = issue_token(user_id)" in hit.snippet
    assert res.skipped == {} or isinstance(res.skipped, dict)


def test_literal_total_counts_every_line(ws):
    res = ws.search("password", mode="literal", top_k=2)
    lines = sum(text.count("password") > 0 for text in "".join(FILES.values()).split("\n"))
    assert res.total_matches == lines and res.returned == 2 and res.truncated


def test_regex_mode_and_invalid_regex(ws):
    res = ws.search(r"def \w+_token", mode="regex")
    assert [m.match for m in hits(res)] == ["def issue_token"]
    with pytest.raises(InvalidArgumentError, match="invalid regex") as info:
        ws.search("open_session(", mode="regex")
    assert "open_session\\\\(" in info.value.suggestion or "--literal" in info.value.suggestion


def test_literal_that_looks_like_regex_says_so(ws):
    res = ws.search(r"issue_\w+\(", mode="literal")
    assert res.total_matches == 0 and "--regex" in res.suggestion


def test_structural_mode(ws):
    res = ws.search("return $X.hexdigest()")
    assert res.mode == "structural"
    assert [(m.file, m.line) for m in hits(res)] == [("auth/tokens.py", 8)]


def test_structural_incomplete_pattern_is_an_error_with_an_example(ws):
    with pytest.raises(InvalidArgumentError, match="does not parse") as info:
        ws.search("def $NAME($$$ARGS", mode="structural")
    assert "def $NAME($$$ARGS)" in info.value.suggestion
    # The complaint quotes the pattern as written, not its stand-in identifiers.
    assert "$NAME" in info.value.message and "_NAME" not in info.value.message


def test_filters_by_glob_and_language(ws):
    assert set(files(ws.search("route", mode="literal", language=("typescript",)))) == {
        "web/server.ts"
    }
    assert set(files(ws.search("authenticate_user", mode="literal", include=("tests/**",)))) == {
        "tests/test_login.py"
    }
    with pytest.raises(InvalidArgumentError, match="unknown language"):
        ws.search("x", language=("klingon",))


def test_pages_lose_and_repeat_nothing(ws):
    everything = ws.search("password", mode="literal", top_k=100)
    seen, token = [], None
    while True:
        page = ws.search("password", mode="literal", top_k=3, continue_token=token)
        seen += [(m.file, m.line) for m in hits(page)]
        if not page.truncated:
            break
        token = page.continuation_token
    assert seen == [(m.file, m.line) for m in hits(everything)]


def test_ranked_pages_lose_and_repeat_nothing(ws):
    whole = ws.search("session token user", top_k=50)
    seen, token = [], None
    for _ in range(20):
        page = ws.search("session token user", top_k=2, continue_token=token)
        seen += [(m.file, m.line) for m in hits(page)]
        if not page.truncated:
            break
        token = page.continuation_token
    # Each page groups its own matches by file: the same matches, each once.
    assert sorted(seen) == sorted((m.file, m.line) for m in hits(whole))
    assert len(set(seen)) == len(seen)


def test_budget_caps_the_answer(run_cli, repo):
    env = run_cli("search", "password", "--literal", "--budget", "300", cwd=repo).envelope
    data = assert_ok(env, "search", exact=True)
    assert env["tokens"] <= 300 and data["returned"] < data["total_matches"]
    assert data["continuation_token"]


def test_results_are_deterministic(repo):
    first = prx.Workspace(repo).search("session handling for users")
    second = prx.Workspace(repo).search("session handling for users")
    assert first == second


def test_exists(ws):
    assert ws.search("verify_password", exists=True).exists is True
    assert ws.search("no_such_thing_anywhere", exists=True).exists is False
    literal = ws.search("secret-", mode="literal", exists=True)
    assert (literal.exists, literal.confidence) == (True, "exact")


def test_cli_envelope_and_errors(run_cli, repo):
    data = assert_ok(run_cli("search", "SessionStore", cwd=repo).envelope, "search")
    assert data["mode"] == "symbol" and data["files"][0]["file"] == "auth/login.py"
    assert set(data["files"][0]) == {"file", "language", "hash", "matches"}
    for key in (
        "line",
        "end_line",
        "context_type",
        "context_name",
        "snippet",
        "snippet_start",
        "snippet_end",
        "relevance",
    ):
        assert key in data_hits(data)[0]
    assert_error(
        run_cli("search", "x(", "--regex", cwd=repo).envelope, "search", "invalid_argument"
    )
    assert_error(run_cli("search", "x", "nowhere", cwd=repo).envelope, "search", "file_not_found")
    exists = assert_ok(run_cli("search", "SessionStore", "--exists", cwd=repo).envelope, "search")
    assert exists == {"exists": True, "confidence": "exact"}


class _KeywordRetriever(Retriever):
    """A third-party retriever: chunks whose text mentions 'PDF'."""

    NAME = "pdf-finder"

    def build(self, corpus):
        self.corpus = corpus

    def search(self, query, k):
        return [
            Candidate(
                file=c.file,
                start_line=c.start_line,
                end_line=c.end_line,
                score=1.0,
                source=self.NAME,
                chunk=i,
            )
            for i, c in enumerate(self.corpus.chunks)
            if "PDF" in c.text
        ][:k]


class _ReadmeFirst(Reranker):
    """A third-party rerank stage: README first."""

    NAME = "readme-first"

    def rerank(self, query, candidates, corpus):
        return sorted(candidates, key=lambda c: (c.file != "README.md", -c.score))


class _SearchPlugin:
    @staticmethod
    @hookimpl
    def prx_register_retrievers():
        return _KeywordRetriever

    @staticmethod
    @hookimpl
    def prx_register_rerankers():
        return _ReadmeFirst


def test_third_party_retriever_and_rerank_stage(register_plugin, repo):
    from prx.core.config import Config

    ws = register_plugin(_SearchPlugin, root=repo)

    engine = __import__("prx.engine.retrieval.engine", fromlist=["engine_for"]).engine_for(
        ws, str(repo)
    )
    assert "pdf-finder" in engine.retrievers
    res = ws.search("kept in memory")
    assert "billing/invoice.py" in files(res)  # found only by the plugin
    config = Config.from_env(
        {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
    )
    staged = prx.Workspace(
        repo,
        config=type(config)(
            **{
                **{f: getattr(config, f) for f in config.__dataclass_fields__},
                "settings": {"search": {"pipeline": ("readme-first",)}},
            }
        ),
        plugins=[_SearchPlugin],
    )
    assert files(staged.search("login tokens invoices"))[0] == "README.md"


def test_regex_anchors_match_at_each_line(ws):
    res = ws.search(r"^def \w+", mode="regex", top_k=50)
    assert res.total_matches == sum(
        line.startswith("def ") for text in FILES.values() for line in text.split("\n")
    )
    assert res.total_matches > 2


def test_a_plugin_language_cannot_take_a_builtin_extension(register_plugin, repo):
    from prx.plugin import LanguageSpec

    class Greedy:
        @staticmethod
        @hookimpl
        def prx_register_languages():
            return LanguageSpec(name="aaa", extensions=(".py",))

    assert register_plugin(Greedy, root=repo).language_for("x.py").name == "python"
