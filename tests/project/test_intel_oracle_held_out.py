"""benchmarks/oracle: what the held-out Rust and Java projects asked of their oracles.

- Rust: while the library does not compile, cargo checks none of the targets that
  depend on it; the oracle mends each error whose span spells the old name and checks
  again (``_mend`` writes the new name at those spans only, ``_span`` reads them).
- Java: a jar of the measured project itself (Debian's ``commons-codec`` while
  commons-codec is measured) would answer for its renamed classes: left off the class
  path.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from oracle import java, rust  # noqa: E402
from oracle.common import Symbol  # noqa: E402


def test_rust_mending_renames_only_spans_that_spell_the_old_name(tmp_path):
    source = tmp_path / "src" / "lib.rs"
    source.parent.mkdir()
    source.write_text("fn f(v: Version) -> Version {\n    v.pre.é + Version::new()\n}\n")
    spans = [
        ("src/lib.rs", 1, 9, 16, "Version"),  # the parameter's type
        ("src/lib.rs", 1, 21, 28, "Version"),  # the return type
        ("src/lib.rs", 2, 15, 22, "Version"),  # after a two-byte character
        ("src/lib.rs", 2, 5, 10, "v.pre"),  # another error's span: left alone
    ]
    assert rust._mend(tmp_path, spans, "Version", "Version_prxoracle") == 3
    assert source.read_text() == (
        "fn f(v: Version_prxoracle) -> Version_prxoracle {\n"
        "    v.pre.é + Version_prxoracle::new()\n"
        "}\n"
    )
    # mended again: the spans no longer spell the old name
    assert rust._mend(tmp_path, spans[:3], "Version", "Version_prxoracle") == 0


def test_rust_span_reads_the_highlighted_text_of_one_line():
    span = {
        "line_start": 4,
        "line_end": 4,
        "text": [
            {"text": "    let x = Version::new();", "highlight_start": 13, "highlight_end": 20}
        ],
    }
    assert rust._span("src/lib.rs", span) == ("src/lib.rs", 4, 13, 20, "Version")
    assert rust._span("src/lib.rs", {**span, "line_end": 5}) is None


def test_java_leaves_the_measured_project_s_own_jar_off_the_class_path(tmp_path):
    (tmp_path / "pom.xml").write_text(
        '<project xmlns="http://maven.apache.org/POM/4.0.0">'
        "<parent><artifactId>commons-parent</artifactId></parent>"
        "<artifactId>commons-codec</artifactId></project>"
    )
    assert java._artifact(tmp_path) == "commons-codec"
    jars = [Path(p).name for p in java._classpath(tmp_path).split(":") if p]
    assert "commons-codec.jar" not in jars
    other = tmp_path / "other"
    other.mkdir()
    assert java._artifact(other) == ""
    if (java._JARS_DIR / "commons-codec.jar").exists():
        assert "commons-codec.jar" in [Path(p).name for p in java._classpath(other).split(":")]


_TWINS = (
    "pub struct Pre(u8);\n"
    "impl Pre {\n"
    "    #[cfg(doc)]\n"
    "    pub const EMPTY: Self = Pre(0);\n"
    "    #[cfg(not(doc))]\n"
    "    pub const EMPTY: Self = Pre(1);\n"
    "}\n"
    '#[cfg(feature = "extra")]\n'
    "pub fn extra() {}\n"
    "#[cfg(test)]\n"
    "mod tests {\n"
    "    fn helper() {}\n"
    "}\n"
)


def _rust_symbol(data: str, name: str, nth: int, kind: str = "const") -> Symbol:
    start = -1
    for _ in range(nth):
        start = data.index(f" {name}", start + 1)
    start += 1
    line = data.count("\n", 0, start) + 1
    return Symbol("src/lib.rs", name, name, kind, line, start, start + len(name))


def test_rust_oracle_renames_an_item_s_cfg_variants_with_it(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\n')
    (tmp_path / "src").mkdir()
    lib = tmp_path / "src" / "lib.rs"
    symbol = _rust_symbol(_TWINS, "EMPTY", 2)  # the compiled variant
    renamed = _TWINS[: symbol.start] + "EMPTY_prxoracle" + _TWINS[symbol.end :]
    lib.write_text(renamed)
    assert rust.after_rename(tmp_path, symbol, "EMPTY_prxoracle") == []
    assert lib.read_text().count("pub const EMPTY_prxoracle: Self") == 2


def test_rust_oracle_skips_an_item_only_a_disabled_cfg_compiles(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "p"\nversion = "0.1.0"\n')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text(_TWINS)
    rust._CURRENT.append(tmp_path)
    try:
        extra = _rust_symbol(_TWINS, "extra", 1, "function")
        assert rust.skip(extra) == "compiled only under a #[cfg] cargo check does not enable"
        assert rust.skip(_rust_symbol(_TWINS, "EMPTY", 1)) is None  # a variant compiles
        assert rust.skip(_rust_symbol(_TWINS, "helper", 1, "function")) is None  # cfg(test)
    finally:
        rust._CURRENT.pop()


@pytest.mark.skipif(
    not (shutil.which("javac") and shutil.which("javap")), reason="javac is not installed"
)
def test_java_oracle_counts_the_calls_javac_binds_elsewhere_after_a_rename(tmp_path):
    """An overload renamed compiles when its calls can box into another one: javac
    reports nothing, and the lines whose bytecode changed are its uses."""
    box = tmp_path / "src/main/java/p/Box.java"
    box.parent.mkdir(parents=True)
    box.write_text(
        "package p;\n\npublic class Box {\n"
        "    public int set(final char c) { return 1; }\n"
        "    public int set(final Character c) { return 2; }\n"
        "}\n"
    )
    use = tmp_path / "src/test/java/p/UseTest.java"
    use.parent.mkdir(parents=True)
    use.write_text(
        "package p;\n\nclass UseTest {\n"
        "    int run(Box box) {\n"
        "        int a = box.set('x');\n"
        "        int b = box.set(Character.valueOf('y'));\n"
        "        return a + b;\n"
        "    }\n"
        "}\n"
    )
    assert java.build(tmp_path) == []  # the baseline: kept
    box.write_text(box.read_text().replace("set(final char", "set_prxoracle(final char"))
    found = java.build(tmp_path)
    assert {(d.file, d.line) for d in found} == {("src/test/java/p/UseTest.java", 5)}


def test_script_oracle_renames_the_declaration_file_twin_of_a_javascript_source(tmp_path):
    """commander's ``typings/index.d.ts`` types every user of the package: a method
    renamed in ``lib/command.js`` alone leaves tsc reading the old declaration, and no
    use is an error (as a Python module renamed without its stub)."""
    from oracle import scripts_rename

    (tmp_path / "package.json").write_text('{"main": "./index.js", "types": "typings/index.d.ts"}')
    (tmp_path / "lib").mkdir()
    source = "class Command {\n  helpOption(flags) {\n    return this\n  }\n}\n"
    (tmp_path / "lib/command.js").write_text(source)
    (tmp_path / "index.js").write_text("exports.Command = require('./lib/command.js')\n")
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples/hook.js").write_text("const program = 1\n")
    (tmp_path / "typings").mkdir()
    declared = (
        "export class Command {\n  helpOption(flags?: string): this;\n"
        "  helpOption(enable: boolean): this;\n  other(): void;\n}\n"
    )
    (tmp_path / "typings/index.d.ts").write_text(declared)
    start = source.index("helpOption")
    symbol = Symbol(
        "lib/command.js", "helpOption", "Command.helpOption", "method", 2, start, start + 10
    )
    assert scripts_rename.declaration_twin(tmp_path, "lib/command.js") == "typings/index.d.ts"
    assert scripts_rename.declaration_twin(tmp_path, "typings/index.d.ts") is None
    # An example's own `program` is not the package's (`export const program`).
    assert scripts_rename.declaration_twin(tmp_path, "examples/hook.js") is None
    scripts_rename.after_rename(tmp_path, symbol, "helpOption_prxoracle")
    renamed = (tmp_path / "typings/index.d.ts").read_text()
    assert renamed.count("helpOption_prxoracle(") == 2
    assert "other(): void" in renamed


@pytest.mark.skipif(
    not (shutil.which("javac") and shutil.which("javap")), reason="javac is not installed"
)
def test_java_oracle_counts_calls_of_an_override_that_compile_the_same_after_a_rename(tmp_path):
    """``format.hashCode()`` binds ``Format.hashCode`` (JLS 15.12.3); renamed, it binds
    ``Object.hashCode`` with the same instruction: no error, no bytecode change, and
    the call was the method's use all the same."""
    code = tmp_path / "src/main/java/p/Format.java"
    code.parent.mkdir(parents=True)
    code.write_text(
        "package p;\n\npublic class Format {\n"
        "    @Override\n"
        "    public int hashCode() {\n        return 7;\n    }\n"
        "}\n"
    )
    use = tmp_path / "src/test/java/p/FormatTest.java"
    use.parent.mkdir(parents=True)
    use.write_text(
        "package p;\n\nclass FormatTest {\n"
        "    int run(Format f, Object o) {\n"
        "        return f.hashCode()\n"
        "            + o.hashCode();\n"
        "    }\n"
        "}\n"
    )
    assert java.build(tmp_path) == []
    code.write_text(code.read_text().replace("hashCode(", "hashCode_prxoracle("))
    found = java.build(tmp_path)  # the @Override error is the declaration's, left out
    assert {(d.file, d.line) for d in found} == {("src/test/java/p/FormatTest.java", 5)}


def test_rust_oracle_keeps_the_errors_at_lines_that_spell_the_name(tmp_path):
    """A renamed type's consequences (``let len = self.len();`` no longer checks in
    its methods) are not its uses: only the lines spelling the name, old or mended."""
    from oracle.common import Diag

    (tmp_path / "src").mkdir()
    (tmp_path / "src/lib.rs").write_text(
        "fn a() -> Data_prxoracle {}\nfn b() { let len = self.len(); }\nuse Data;\n"
    )
    errors = [Diag("src/lib.rs", n, "e") for n in (1, 2, 3)]
    kept = rust._spelling(tmp_path, errors, "Data", "Data_prxoracle")
    assert [d.line for d in kept] == [1, 3]


def test_rust_mending_writes_a_shorthand_field_out(tmp_path):
    """``Version { major, pre }`` with the field ``pre`` renamed: the shorthand is also
    the local it takes, so the mend is ``pre_prxoracle: pre`` (renaming the word would
    name a local that does not exist, and the crate would never compile again)."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src/parse.rs").write_text("fn f() {\n    Version { major, pre }\n}\n")
    span = ("src/parse.rs", 2, 22, 25, "pre")
    mended = rust._mend(tmp_path, [span], "pre", "pre_prxoracle", {span})
    assert mended == 1
    assert (tmp_path / "src/parse.rs").read_text().splitlines()[1] == (
        "    Version { major, pre_prxoracle: pre }"
    )


def test_rust_oracle_leaves_out_the_code_a_disabled_cfg_gates(tmp_path):
    """A place under a ``#[cfg]`` the check does not enable (a feature off, ``doc``, a
    special build's ``#![cfg(test_node_semver)]``) has no truth: no error can name a
    use there. An undecidable predicate (``unix``) counts as enabled."""
    (tmp_path / "Cargo.toml").write_text(
        '[package]\nname = "x"\n[features]\ndefault = ["std"]\nstd = []\nunion = []\n'
        'const_new = ["const_generics"]\nconst_generics = []\n'
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src/lib.rs").write_text(
        '#[cfg(feature = "union")]\nunion Data {\n    a: u8,\n}\n'
        '#[cfg(not(feature = "union"))]\nenum Data {\n    A,\n}\n'
        '#[cfg(all(feature = "std", not(doc)))]\nfn on() {}\n'
        '#[cfg(target_os = "fuchsia")]\nfn maybe() {}\n'
        '#[cfg(feature = "serde")]\nmod serde;\n'
    )
    (tmp_path / "src/serde.rs").write_text("fn s() {}\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/node.rs").write_text("#![cfg(test_node_semver)]\nfn n() {}\n")
    from oracle import rust_cfg

    assert rust_cfg.enabled_features(tmp_path, ("const_new",)) == {
        "std",
        "const_new",
        "const_generics",
    }
    assert rust.unchecked(tmp_path, "src/lib.rs", 3)  # the union variant
    assert not rust.unchecked(tmp_path, "src/lib.rs", 7)  # the enum variant
    assert not rust.unchecked(tmp_path, "src/lib.rs", 10)  # all(std, not(doc))
    assert not rust.unchecked(tmp_path, "src/lib.rs", 12)  # undecided: kept
    assert rust.unchecked(tmp_path, "src/serde.rs", 0)  # its `mod` is off
    assert rust.unchecked(tmp_path, "tests/node.rs", 0)
    assert not rust.unchecked(tmp_path, "src/lib.rs", 0)


def test_script_oracle_renames_the_specifiers_that_re_export_a_name(tmp_path):
    """``export { fromPromise } from './result-async'`` in neverthrow's index: renamed
    alone, the definition makes tsc report the re-export and no importer through it;
    the specifier is renamed with it (through a barrel too), an alias's own name kept."""
    from oracle import scripts_rename

    (tmp_path / "src").mkdir()
    (tmp_path / "src/async.ts").write_text("export const fromPromise = 1\n")
    (tmp_path / "src/index.ts").write_text(
        "export { fromPromise } from './async'\nexport { fromPromise as fp } from './async'\n"
    )
    (tmp_path / "src/all.ts").write_text("export { fromPromise } from './index'\n")
    start = (tmp_path / "src/async.ts").read_text().index("fromPromise")
    symbol = Symbol("src/async.ts", "fromPromise", "fromPromise", "const", 1, start, start + 11)
    scripts_rename.after_rename(tmp_path, symbol, "fromPromise_prxoracle")
    assert (tmp_path / "src/index.ts").read_text() == (
        "export { fromPromise_prxoracle } from './async'\n"
        "export { fromPromise_prxoracle as fp } from './async'\n"
    )
    assert (tmp_path / "src/all.ts").read_text() == (
        "export { fromPromise_prxoracle } from './index'\n"
    )


def test_script_oracle_keeps_the_re_export_of_a_name_declared_twice(tmp_path):
    """``export { Result } from './result'`` passes on ``type Result`` and ``namespace
    Result`` both: with one of them renamed, the specifier keeps the other's users, and
    is a use of the one renamed all the same (as for a name declared once)."""
    from oracle import scripts_rename

    (tmp_path / "src").mkdir()
    (tmp_path / "src/result.ts").write_text(
        "export namespace Result {\n  export const a = 1\n}\nexport type Result = number\n"
    )
    (tmp_path / "src/index.ts").write_text("export { Result } from './result'\n")
    start = (tmp_path / "src/result.ts").read_text().index("Result")
    symbol = Symbol("src/result.ts", "Result", "Result", "module", 1, start, start + 6, 1, 2)
    uses = scripts_rename.after_rename(tmp_path, symbol, "Result_prxoracle")
    assert (tmp_path / "src/index.ts").read_text() == "export { Result } from './result'\n"
    assert [(d.file, d.line) for d in uses] == [("src/index.ts", 1)]


def test_script_oracle_keeps_the_errors_at_lines_that_spell_the_name(tmp_path):
    """purify's ``Nothing.unsafeCoerce`` renamed: every ``return Nothing`` typed
    ``Maybe<T>`` fails because the class no longer has the interface's member. Those
    lines never name it: consequences, not uses (as the Java, Rust and C oracles)."""
    from oracle import scripts_rename
    from oracle.common import Diag

    (tmp_path / "m.ts").write_text(
        "class Nothing { unsafeCoerce_prxoracle() {} }\n"
        "function f(): Maybe { return nothing }\n"
        "nothing.unsafeCoerce()\n"
    )
    symbol = Symbol("m.ts", "unsafeCoerce", "Nothing.unsafeCoerce", "method", 1, 16, 28)
    missing = "Property 'unsafeCoerce' is missing in type 'Nothing'"
    errors = [Diag("m.ts", 2, missing), Diag("m.ts", 3, "no 'unsafeCoerce'")]
    kept = scripts_rename.uses_at(tmp_path, symbol, errors)
    assert [d.line for d in kept] == [3]
