"""Ranking signals that hold on code the constants were never tuned on: a symbol query's
canonical definition first, prose and data files below code, prose queries with
punctuation ranked rather than grepped."""

from __future__ import annotations

import pytest

import prx
from prx.engine.retrieval.query import detect_mode


def _files(result):
    return [group.file for group in result.files]


def _ws(make_repo, files):
    return prx.Workspace(make_repo(files))


MATCHERS = "\n\n".join(
    f"""// Match{i} checks the request against a MatcherSet.
func (m Matcher{i}) Match{i}(sets []MatcherSet, r *Request) bool {{
\tfor _, set := range sets {{
\t\tif set.Match(r) {{
\t\t\treturn true
\t\t}}
\t}}
\treturn false
}}"""
    for i in range(8)
)


def test_the_definition_beats_files_named_like_a_part_of_the_symbol(make_repo):
    # The definition sits in routes.go; matchers.go only uses the type, but its name
    # shares "matcher" with it.
    ws = _ws(
        make_repo,
        {
            "http/routes.go": "package http\n\n// Route is one route.\ntype Route struct {\n"
            "\tMatchers []MatcherSet\n}\n\n// MatcherSet is a set of matchers that all "
            "must match.\ntype MatcherSet []any\n",
            "http/matchers.go": "package http\n\n" + MATCHERS + "\n",
            "tls/matchers.go": "package tls\n\n" + MATCHERS.replace("Request", "Hello") + "\n",
        },
    )
    assert _files(ws.search("MatcherSet"))[0] == "http/routes.go"


def test_a_type_beats_a_method_of_the_same_name(make_repo):
    uses = "\n\n".join(
        f"func (c *Context) step{i}() *Plan {{\n\treturn c.Plan()\n}}" for i in range(6)
    )
    ws = _ws(
        make_repo,
        {
            "core/context.go": "package core\n\n// Plan returns the context's plan.\n"
            "func (c *Context) Plan() *Plan {\n\treturn c.plan\n}\n\n" + uses + "\n",
            "core/model.go": "package core\n\n// Plan is what will change.\ntype Plan struct {\n"
            "\tSteps []string\n}\n",
        },
    )
    assert _files(ws.search("Plan"))[0] == "core/model.go"


def test_prose_and_data_files_sink_below_the_code(make_repo):
    words = "reference counting of values: each value keeps a count of its references. "
    ws = _ws(
        make_repo,
        {
            "src/value.c": "/* Each value counts the references to it. */\n"
            "void value_free(struct value *v) {\n  if (--v->refcount == 0) release(v);\n}\n"
            "struct value *value_copy(struct value *v) {\n  v->refcount++;\n  return v;\n}\n",
            "tool.1": ".TH TOOL 1\n" + words * 8 + "\n",
            "ChangeLog": "2024-01-01 Fix " + words * 8 + "\n",
            "data/manual.yml": "- title: values\n  body: " + words * 8 + "\n",
        },
    )
    assert _files(ws.search("reference counting of values"))[0] == "src/value.c"


@pytest.mark.parametrize(
    ("query", "mode"),
    [
        ("format strings @base64, @csv and @html", "hybrid"),
        ("how does `parse` work (roughly)?", "hybrid"),
        ('"hello world"', "literal"),
        ("def foo(", "literal"),
        ("self.assertEqual(a, b)", "literal"),
    ],
)
def test_prose_with_punctuation_is_ranked_code_is_grepped(query, mode):
    assert detect_mode(query)[0] == mode


def test_a_definition_in_a_language_without_a_grammar_counts(make_repo):
    uses = "\n".join(f'  register("with_entries", {i}); /* with_entries */' for i in range(12))
    ws = _ws(
        make_repo,
        {
            "src/builtin.jq": "def to_entries: [keys[] as $k | {key: $k, value: .[$k]}];\n"
            "def from_entries: map({(.key): .value}) | add + {} // {};\n"
            "def with_entries(f): to_entries | map(f) | from_entries;\n",
            "src/aux.c": "void register_all(void) {\n" + uses + "\n}\n",
            "src/link.c": "void link_all(void) {\n" + uses + "\n}\n",
        },
    )
    assert _files(ws.search("with_entries"))[0] == "src/builtin.jq"


def test_fuzz_targets_sink_like_tests(make_repo):
    fuzz = "\n\n".join(
        f"// FuzzIndent{i} formats the input with consistent indentation.\n"
        f"func FuzzIndent{i}(data []byte) int {{\n\tout := Format(data)\n\treturn len(out)\n}}"
        for i in range(4)
    )
    ws = _ws(
        make_repo,
        {
            "caddyfile/formatter.go": "package caddyfile\n\n// Format formats the input "
            "with consistent indentation.\nfunc Format(input []byte) []byte {\n"
            "\tindent := 0\n\treturn reindent(input, indent)\n}\n",
            "caddyfile/formatter_fuzz.go": "package caddyfile\n\n" + fuzz + "\n",
        },
    )
    result = ws.search("format the input with consistent indentation")
    assert _files(result)[0] == "caddyfile/formatter.go"


INVOICE = (
    "def render_invoice_totals(lines):\n"
    '    """Render the invoice totals: net, tax and gross amounts."""\n'
    "    net = sum(line.amount for line in lines)\n"
    "    return net, net * 0.2, net * 1.2\n"
)


def test_a_file_many_others_import_outranks_a_leaf_for_a_word_query(make_repo):
    # Same text in both files: only who imports them tells them apart (the leaf's name
    # comes first, so without the import graph it would win the tie).
    users = {
        f"screen{i}.py": f"import billing_core\n\n\ndef show{i}():\n    return billing_core\n"
        for i in range(4)
    }
    ws = _ws(make_repo, {"aaa_notes.py": INVOICE, "billing_core.py": INVOICE, **users})
    assert _files(ws.search("how are the invoice totals rendered"))[:2] == [
        "billing_core.py",
        "aaa_notes.py",
    ]


def test_only_word_queries_pay_for_the_import_graph(make_repo):
    from prx.engine.retrieval.engine import engine_for

    users = {f"screen{i}.py": "import billing_core\n" for i in range(3)}
    repo = make_repo({"billing_core.py": INVOICE, **users})
    ws = prx.Workspace(repo)
    assert _files(ws.search("render_invoice_totals"))[0] == "billing_core.py"
    memo = engine_for(ws, str(repo)).corpus._memo
    assert ("importer-counts", "") not in memo  # a symbol query: no graph resolved
    ws.search("invoice totals")  # two words name a feature: no graph either
    assert ("importer-counts", "") not in memo
    ws.search("how are invoice totals rendered")
    assert memo[("importer-counts", "")] == {"billing_core.py": 3}


def test_the_import_graph_comes_from_the_parse_or_the_index_alike(make_repo):
    from prx.engine.graph.imports import ImportGraph
    from prx.engine.ranking.importers import importer_counts
    from prx.engine.retrieval.engine import engine_for

    users = {f"screen{i}.py": "import billing_core\nfrom util import fmt\n" for i in range(3)}
    repo = make_repo({"billing_core.py": INVOICE, "util.py": "def fmt():\n    pass\n", **users})
    ws = prx.Workspace(repo)
    built = engine_for(ws, str(repo)).corpus
    assert built.origin == "built"
    graph = ImportGraph.build(ws, str(repo))
    expected = {f: len(graph.importers_of(f)) for f in graph.files if graph.importers_of(f)}
    assert importer_counts(built) == expected == {"billing_core.py": 3, "util.py": 3}
    ws.index()
    indexed = engine_for(prx.Workspace(repo), str(repo)).corpus
    assert indexed.origin == "index"
    assert importer_counts(indexed) == expected


def _parsers(count: int) -> str:
    return "\n".join(
        f"def parse_token_{i}(state):\n    return state.lexer.next_token({i})\n"
        for i in range(count)
    )


@pytest.mark.parametrize(
    "header",
    [
        "# Code generated by tokgen. DO NOT EDIT.",
        "# @generated by the token table script",
        "/* A Bison parser, made by GNU Bison 3.8.2. */",
        "# generated by scripts/make_tokens.py",
    ],
)
def test_a_file_that_says_it_is_generated_sinks(make_repo, header):
    ws = _ws(
        make_repo,
        {
            # More matches than the hand-written file: it would come first on words alone.
            "aaa_tokens.py": header + "\n" + _parsers(6),
            "tokens.py": "# Hand-written.\n" + _parsers(2),
        },
    )
    assert _files(ws.search("parse the next token from the lexer state"))[0] == "tokens.py"


def test_a_docstring_that_mentions_generation_is_not_a_generated_file():
    from prx.engine.ranking.stages import generated_by_content

    assert not generated_by_content('"""AST nodes generated by the parser."""\nclass Node: ...')
    assert generated_by_content("# generated by scripts/make_tokens.py\nTOKENS = []")


def test_a_minified_file_sinks_whatever_its_name(make_repo):
    minified = ";".join(
        f"function m{i}(a){{return fmt(a,'format currency amount',{i})}}" for i in range(30)
    )
    ws = _ws(
        make_repo,
        {
            "assets/app.bundle.js": minified + "\n",
            "src/money.js": "// Format a currency amount with two decimals.\n"
            "export function toMoney(amount) {\n  return amount.toFixed(2);\n}\n",
        },
    )
    assert _files(ws.search("format currency amount"))[0] == "src/money.js"


def test_test_folders_sink_whatever_their_name(make_repo):
    router = (
        "def match_route(routes, path):\n"
        '    """Find the route whose pattern matches the request path."""\n'
        "    return next(r for r in routes if r.pattern.match(path))\n"
    )
    ws = _ws(make_repo, {"acceptancetest/router.py": router, "src/router.py": router})
    assert _files(ws.search("find the route matching a request path"))[0] == "src/router.py"


def test_a_question_finds_the_forms_its_words_take_in_the_code(make_repo):
    # "routed ... handlers" against code that says route, router and handler: without the
    # other forms, the file that only repeats "request" would win.
    ws = _ws(
        make_repo,
        {
            "app/dispatch.py": "def route(request, table):\n"
            '    """Pick the handler for the request from the routing table."""\n'
            "    router = table.router\n    return router.handler_for(request.path)\n",
            "app/audit.py": "def audit(request):\n"
            '    """Write the request line, the request headers and the request size to the '
            'audit log."""\n    log(request.line, request.headers, request.size)\n',
        },
    )
    result = ws.search("how is a request routed to its handlers")
    assert _files(result)[0] == "app/dispatch.py"


def test_other_forms_are_the_ones_the_corpus_holds():
    from prx.engine.retrieval.morphology import other_forms

    corpus = {"route", "router", "render", "renderer", "handler", "user", "use", "parse"}
    found = other_forms(["routed", "rendered", "handlers", "used", "parsing"], corpus.__contains__)
    assert found == ["handler", "parse", "render", "renderer", "route", "router"]


def _stage_scores(make_repo, stage: str, files: dict[str, str], text: str) -> list[float]:
    """One rerank stage's scores for a word query over a pool of each file's first chunk
    (in the order given), every chunk scored 1.0 before it."""
    from prx.engine.ranking import stages
    from prx.engine.ranking.pool import Pool
    from prx.engine.retrieval.engine import engine_for
    from prx.plugin.search import ComponentContext, Query

    repo = make_repo(files)
    ws = prx.Workspace(repo)
    corpus = engine_for(ws, str(repo)).corpus
    chunks = [corpus.chunks_of(file)[0] for file in files]
    pool = Pool.of_chunks(corpus, chunks, [1.0] * len(chunks), "fused")
    query = Query(text=text, mode="hybrid", tokens=tuple(text.split()))
    return getattr(stages, stage)(ComponentContext(workspace=ws)).rescore(query, pool, corpus)


def test_the_file_holding_more_of_a_questions_words_rises(make_repo):
    files = {
        "app/split.py": '"""Tokenize the header: header tokens, once per header."""\n',
        "app/check.py": '"""Tokenizes headers, verifying their signatures."""\n',
    }
    text = "tokenize the header and verify the signature"
    # check.py holds all four words, in other forms (tokenizes, headers, verifying,
    # signatures); split.py two of them.
    assert _stage_scores(make_repo, "CoverageReranker", files, text) == [1.05, 1.1]


def _siblings_rescore(make_repo, scored: dict[str, float], text: str) -> dict[str, float]:
    """The siblings stage's scores for a pool of each file's first chunk, by file."""
    from prx.engine.ranking.pool import Pool
    from prx.engine.ranking.stages import SiblingsReranker
    from prx.engine.retrieval.engine import engine_for
    from prx.plugin.search import ComponentContext, Query

    repo = make_repo({path: f"// {path}\nconst x = 1;\n" for path in scored})
    ws = prx.Workspace(repo)
    corpus = engine_for(ws, str(repo)).corpus
    chunks = [corpus.chunks_of(path)[0] for path in scored]
    pool = Pool.of_chunks(corpus, chunks, list(scored.values()), "fused")
    pool.order = pool.ranked_order()
    query = Query(text=text, mode="hybrid", tokens=tuple(text.split()))
    new = SiblingsReranker(ComponentContext(workspace=ws)).rescore(query, pool, corpus)
    return dict(zip(pool.files, new, strict=True))


def test_a_file_among_other_candidates_of_its_folder_rises(make_repo):
    # The module jwt/ is found file by file; a lone file elsewhere scored a little higher
    # than each of them.
    scores = _siblings_rescore(
        make_repo,
        {
            "src/cookie.ts": 0.95,
            "src/jwt/sign.ts": 0.9,
            "src/jwt/verify.ts": 0.8,
            "src/jwt/keys.ts": 0.8,
        },
        "sign and verify JSON web tokens",
    )
    assert scores["src/cookie.ts"] == 0.95  # no sibling among the candidates
    assert scores["src/jwt/sign.ts"] > scores["src/cookie.ts"]
    assert scores["src/jwt/verify.ts"] > 0.8


def test_tests_lend_their_folder_support_but_gain_none(make_repo):
    # compose.ts's tests beside it point at it; the tests themselves do not rise, so a
    # folder of tests cannot outrank the module a question is about.
    scored = {
        "src/compose.ts": 0.5,
        "src/compose.test.ts": 1.0,
        "src/context.test.ts": 1.0,
        "lib/other.ts": 0.55,
    }
    scores = _siblings_rescore(make_repo, scored, "run middleware in order and call next")
    assert scores["src/compose.ts"] > scores["lib/other.ts"]
    assert scores["src/compose.test.ts"] == 1.0
    assert scores["src/context.test.ts"] == 1.0


def test_symbol_queries_skip_the_siblings_stage(make_repo):
    from prx.engine.ranking.pool import Pool
    from prx.engine.ranking.stages import SiblingsReranker
    from prx.engine.retrieval.engine import engine_for
    from prx.plugin.search import ComponentContext, Query

    repo = make_repo({"a/x.ts": "export const x = 1;\n", "a/y.ts": "export const y = 2;\n"})
    ws = prx.Workspace(repo)
    corpus = engine_for(ws, str(repo)).corpus
    chunks = [corpus.chunks_of("a/x.ts")[0], corpus.chunks_of("a/y.ts")[0]]
    pool = Pool.of_chunks(corpus, chunks, [1.0, 0.5], "fused")
    query = Query(text="makeThing", mode="symbol", tokens=("make", "thing"), symbol="makeThing")
    assert SiblingsReranker(ComponentContext(workspace=ws)).rescore(query, pool, corpus) == [
        1.0,
        0.5,
    ]


def test_the_file_named_after_its_folder_leads_its_module(make_repo):
    # encode/encode.go is the module's own file; its helpers scored as high as it did.
    scores = _siblings_rescore(
        make_repo,
        {
            "http/encode/encode.go": 0.8,
            "http/encode/gzip.go": 0.8,
            "http/encode/zstd.go": 0.8,
        },
        "compress responses with gzip or zstd",
    )
    assert scores["http/encode/encode.go"] > scores["http/encode/gzip.go"]
    assert scores["http/encode/gzip.go"] == scores["http/encode/zstd.go"] > 0.8


def test_a_word_query_matches_half_of_a_file_name_written_as_one_word(make_repo):
    from prx.engine.ranking.pool import Pool
    from prx.engine.ranking.stages import PathReranker
    from prx.engine.retrieval.engine import engine_for
    from prx.plugin.search import ComponentContext, Query

    repo = make_repo(
        {
            "lib/filesize.py": '"""Sizes of a file."""\n\ndef decimal(count):\n    return count\n',
            "lib/units.py": '"""Units for the size of a file."""\n\nUNITS = ("kB", "MB")\n',
        }
    )
    ws = prx.Workspace(repo)
    corpus = engine_for(ws, str(repo)).corpus
    chunks = [corpus.chunks_of("lib/filesize.py")[0], corpus.chunks_of("lib/units.py")[0]]
    pool = Pool.of_chunks(corpus, chunks, [1.0, 1.0], "fused")
    stage = PathReranker(ComponentContext(workspace=ws))
    text = "format a byte count as a human readable size"
    query = Query(text=text, mode="hybrid", tokens=tuple(text.split()))
    named, other = stage.rescore(query, pool, corpus)
    assert named > other == 1.0
    # A symbol query's name rule is unchanged: no half of a name counts there.
    symbol = Query(text="size", mode="symbol", tokens=("size",), symbol="size")
    assert stage.rescore(symbol, pool, corpus) == [1.0, 1.0]


@pytest.mark.parametrize(
    ("query", "mode", "name"),
    [
        ("Context class", "symbol", "Context"),
        ("class Context", "symbol", "Context"),
        ("Plan struct", "symbol", "Plan"),
        ("struct frame", "symbol", "frame"),
        ("fn main", "symbol", "main"),
        ("function parse_args", "symbol", "parse_args"),
        # Two English words stay words: the name must look like code, or follow a keyword.
        ("type checking", "hybrid", None),
        ("class loading", "hybrid", None),
        ("frame struct", "hybrid", None),
        ("the Plan struct", "hybrid", None),
        # A language's name is no identifier.
        ("Python module", "hybrid", None),
        ("Rust trait", "hybrid", None),
    ],
)
def test_an_identifier_beside_its_kind_is_a_symbol_query(query, mode, name):
    from prx.engine.retrieval.query import symbol_name

    assert detect_mode(query)[0] == mode
    if name is not None:
        assert symbol_name(query) == name


def test_the_kind_a_query_names_wins_among_definitions_of_that_name(make_repo):
    # jsx/context.ts says "Context" (and "class") far more often: only the kind asked for
    # tells the two definitions apart.
    uses = "\n".join(
        f"// the class of value {i}\nexport const use{i} = (c: Context<number>) => c.values[{i}]"
        for i in range(8)
    )
    ws = _ws(
        make_repo,
        {
            "src/jsx/context.ts": "export interface Context<T> {\n  values: T[]\n}\n" + uses + "\n",
            "src/context.ts": "export class Context {\n  req: Request\n  constructor(req: Request) "
            "{\n    this.req = req\n  }\n}\n",
        },
    )
    assert _files(ws.search("Context class"))[0] == "src/context.ts"
    assert _files(ws.search("interface Context"))[0] == "src/jsx/context.ts"


PARSER_Y = """%{
#include "compile.h"
%}
%token IDENT FIELD LITERAL
%left '|'
%left ','
%%
TopLevel: Module Imports Exp { *answer = $3; }
Exp: Term '|' Exp { $$ = gen_pipe($1, $3); }
   | Term ',' Exp { $$ = gen_both($1, $3); }
Term: '.' | IDENT | FIELD | LITERAL
%%
"""


def test_a_grammar_file_answers_a_question_about_the_grammar(make_repo):
    # parser.y never says "grammar", and prx has no parser for yacc: the extension says it.
    # The other files talk about the language, as a language's sources do.
    others = {
        f"src/{name}.c": f"/* The language's {name}. */\nint {name}(struct program *p) {{\n"
        f"  return run_{name}(p->code, p->language);\n}}\n"
        for name in ("execute", "compile", "link", "print", "main", "util")
    }
    ws = _ws(make_repo, {"src/parser.y": PARSER_Y, **others})
    assert _files(ws.search("where is the grammar"))[0] == "src/parser.y"


def test_source_kind_names_grammar_and_lexer_files_only():
    from prx.engine.lang.catalog import source_kind

    assert source_kind("src/parser.y") == "grammar"
    assert source_kind("grammar/Expr.g4") == "grammar"
    assert source_kind("src/lexer.l") == "lexer"
    assert source_kind("src/main.c") is None
    assert source_kind("v1.y/README") is None  # a folder's dot is no extension


def test_a_plural_query_word_matches_a_singular_folder_name(make_repo):
    files = {
        "src/middleware/body-limit/index.ts": "export const limit = (max: number) => max\n",
        "src/middleware/cors/index.ts": "export const cors = () => true\n",
    }
    text = "reject bodies above a maximum"
    body, cors = _stage_scores(make_repo, "PathReranker", files, text)
    assert body > cors == 1.0


@pytest.mark.parametrize("folder", ["benches", "bench", "perf", "perf-measures"])
def test_benchmark_folders_sink_like_examples(make_repo, folder):
    code = "pub fn parse_header(input: &str) -> Header {{\n    Header::from({})\n}}\n"
    ws = _ws(
        make_repo,
        {
            "src/header.rs": code.format("input"),
            f"{folder}/header.rs": "// parse header parse header\n" + code.format("input") * 3,
        },
    )
    assert _files(ws.search("parse the header of the input"))[0] == "src/header.rs"


def test_asking_about_the_manual_lifts_the_docs_penalty(make_repo):
    files = {"docs/build_manpage.py": "def build():\n    return 'manual'\n"}
    assert _stage_scores(make_repo, "PenaltyReranker", files, "how the manual is built") == [1.0]
    assert _stage_scores(make_repo, "PenaltyReranker", files, "how the program is built") == [0.4]


def test_asking_about_benchmarks_lifts_their_penalty(make_repo):
    files = {"benches/parse.rs": "fn parse_large_file() {}\n"}
    assert _stage_scores(make_repo, "PenaltyReranker", files, "how are parse benchmarks run") == [
        1.0
    ]
    assert _stage_scores(make_repo, "PenaltyReranker", files, "how is a large file parsed") == [0.4]
