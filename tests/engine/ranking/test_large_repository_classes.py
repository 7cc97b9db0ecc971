"""The classes of query large repositories got wrong (issue 30), on fixtures written for
them: a type whose name hundreds of methods share, behaviour asked about in the words of a
help text, and a question about how a package is structured."""

from __future__ import annotations

import prx


def _files(result):
    return [group.file for group in result.files]


def _method_file(package: str, receiver: str) -> str:
    return (
        f'package {package}\n\nimport "example.com/x/internal/plans"\n\n'
        f"// Plan runs a plan operation and returns the resulting plan.\n"
        f"func (c *{receiver}) Plan(config string) (*plans.Plan, error) {{\n"
        f"\tplan := &plans.Plan{{}}\n\treturn plan, nil\n}}\n"
    )


def test_a_type_named_like_hundreds_of_methods_is_found_first(make_repo):
    # Every backend, command and mock has a Plan method, in files whose paths sort before
    # the type's: the definitions of the name are more than the pool holds.
    files = {
        f"internal/{area}/{area}{i:03d}.go": _method_file(area, f"Runner{i}")
        for area in ("backend", "command", "builtin")
        for i in range(90)
    }
    files["internal/plans/plan.go"] = (
        "package plans\n\n// Plan is the planned set of changes.\ntype Plan struct {\n"
        "\tChanges []string\n}\n"
    )
    ws = prx.Workspace(make_repo(files))
    assert _files(ws.search("Plan"))[0] == "internal/plans/plan.go"


FLAG_HELP = """impl Flag for Binary {
    fn name_long(&self) -> &'static str {
        "binary"
    }
    fn doc_long(&self) -> &'static str {
        r"
Enabling this flag will cause the tool to search binary files. By default, the tool
attempts to skip binary files. A file is considered binary when the tool decides it
contains a NUL byte; how the tool decides a file is binary depends on whether the file
was given explicitly. Binary files are detected heuristically: when a file is binary,
the search of that file stops.
"
    }
    fn update(&mut self, args: &mut LowArgs) {
        args.binary = BinaryMode::SearchAndSuppress;
    }
}
"""

DETECTION = """pub struct Core {
    binary_byte_offset: Option<usize>,
    pos: usize,
}

impl Core {
    /// Quits or converts when the buffer holds the detection byte.
    pub fn detect_binary(&mut self, buf: &[u8], config: &Config) -> bool {
        let binary_byte = match config.binary {
            BinaryDetection::Quit(b) => b,
            BinaryDetection::Convert(b) => b,
            _ => return false,
        };
        if let Some(i) = memchr(binary_byte, buf) {
            self.binary_byte_offset = Some(self.pos + i);
            return true;
        }
        false
    }
}
"""


def _help_and_code_repo(make_repo):
    files = {
        "crates/core/flags/defs.rs": FLAG_HELP,
        "crates/searcher/src/searcher/core.rs": DETECTION,
    }
    files.update(
        {f"crates/searcher/src/h{i}.rs": f"pub fn h{i}() -> u32 {{ {i} }}\n" for i in range(9)}
    )
    return prx.Workspace(make_repo(files))


def test_the_code_that_decides_outranks_the_help_text_that_describes(make_repo):
    ws = _help_and_code_repo(make_repo)
    for query in ("how does the tool decide a file is binary", "when is a file considered binary"):
        assert _files(ws.search(query))[0] == "crates/searcher/src/searcher/core.rs", query


def test_a_question_about_the_help_text_still_finds_it(make_repo):
    ws = _help_and_code_repo(make_repo)
    assert _files(ws.search("what does the binary flag help say"))[0] == "crates/core/flags/defs.rs"


def _module_repo(make_repo):
    """A runner module (an orchestrator imported by the command line, and its parts) among
    thirty helpers whose docstrings repeat the question's words."""
    files = {
        "src/runner/runner.py": "from .loader import load_config\nfrom .tasks import "
        "create_tasks\nfrom .workers import WorkerPool\n\n\nclass Runner:\n"
        "    def __init__(self, argv):\n        self.config = load_config(argv)\n"
        "        self.pool = WorkerPool(self.config.workers)\n\n    def run_all(self):\n"
        "        for task in create_tasks(self.config):\n            task.run(self.pool)\n",
        "src/runner/loader.py": 'def load_config(argv):\n    """Read the configuration file '
        'named on the command line."""\n    return Config(argv)\n',
        "src/runner/tasks.py": 'def create_tasks(config):\n    """Global setup, collection, '
        'sharding, then the run phase."""\n    return [Setup(config), Phase(config)]\n',
        "src/runner/workers.py": "class WorkerPool:\n    def __init__(self, size):\n"
        "        self.size = size\n",
    }
    for i in range(31):
        files[f"src/utils/u{i}.py"] = (
            f'def helper_{i}(value):\n    """Execution flow step {i}: loading the '
            f'configuration value for this helper."""\n    return value\n'
        )
    for i in range(6):
        files[f"src/cli/c{i}.py"] = (
            f"from src.runner.runner import Runner\n\n\ndef main_{i}(argv):\n"
            "    return Runner(argv).run_all()\n"
        )
    return prx.Workspace(make_repo(files))


def test_a_question_about_how_a_module_works_is_answered_by_the_module_and_its_hub(make_repo):
    # The module's files lead, and among them the orchestrator the command line imports
    # (the centrality and siblings stages), before helpers that repeat the question's words.
    ws = _module_repo(make_repo)
    query = "how does the execution flow from loading the configuration through the task phases to the worker pool"
    top = _files(ws.search(query))
    assert all(file.startswith("src/runner/") for file in top[:3]), top
    assert "src/runner/runner.py" in top[:2], top


def test_a_qualified_name_finds_the_owners_definition_among_many(make_repo):
    # Twenty optimizer passes declare an Optimize method; the query names the owner.
    files = {
        f"src/optimizer/pass{i:02d}.hpp": f"class Pass{i} {{\npublic:\n"
        f"  unique_ptr<Plan> Optimize(unique_ptr<Plan> op);\n}};\n"
        for i in range(20)
    }
    files["src/optimizer/optimizer.cpp"] = (
        '#include "optimizer.hpp"\n\nunique_ptr<Plan> Optimizer::Optimize(unique_ptr<Plan> plan) {\n'
        "  for (auto &pass : passes) {\n    plan = pass->Run(std::move(plan));\n  }\n"
        "  return plan;\n}\n"
    )
    files["src/main/Queue.java"] = (
        "package main;\n\npublic class Queue {\n    public void maintain() {\n"
        "        items.removeIf(Item::isDone);\n    }\n}\n"
    )
    files.update(
        {
            f"src/main/Widget{i}.java": f"package main;\n\npublic class Widget{i} {{\n"
            "    public void maintain() {\n        refresh();\n    }\n}\n"
            for i in range(20)
        }
    )
    ws = prx.Workspace(make_repo(files))
    assert _files(ws.search("Optimizer::Optimize"))[0] == "src/optimizer/optimizer.cpp"
    assert _files(ws.search("Queue.maintain"))[0] == "src/main/Queue.java"


def test_a_thin_namesake_gives_way_to_the_definition_with_the_body(make_repo):
    # Two definitions of the name, fused alike: a facade of two lines and the class itself.
    from prx.engine.ranking.pool import Pool
    from prx.engine.ranking.stages import DefinitionReranker
    from prx.engine.retrieval.engine import engine_for
    from prx.plugin.search import ComponentContext, Query

    body = "\n".join(f"    def rule_{i}(self, value):\n        return value\n" for i in range(40))
    repo = make_repo(
        {
            "api/validator.py": "class Validator(Facade):\n    accessor = 'validator'\n",
            "core/validator.py": "class Validator:\n" + body,
        }
    )
    ws = prx.Workspace(repo)
    corpus = engine_for(ws, str(repo)).corpus
    chunks = [corpus.chunks_of(path)[0] for path in ("api/validator.py", "core/validator.py")]
    pool = Pool.of_chunks(corpus, chunks, [1.0, 1.0], "fused")
    query = Query(text="Validator", mode="symbol", tokens=("validator",), symbol="Validator")
    thin, full = DefinitionReranker(ComponentContext(workspace=ws)).rescore(query, pool, corpus)
    assert full > thin
