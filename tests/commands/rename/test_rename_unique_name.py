"""A JavaScript/TypeScript member reached through a value whose type prx cannot tell is
only ``by_name``; when the project declares the name once and nothing outside it does
(the standard libraries, the installed dependencies read beneath the root), the rename
takes those places and says so. Anything that may be another declaration, or a
dependency prx cannot read, leaves them to the caller: ``--apply`` refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

import prx
from prx.core.errors import AmbiguousMatchError


def _project(method: str = "safeParseTwice") -> dict[str, str]:
    return {
        "package.json": '{"name": "x", "devDependencies": {"dep": "1.0.0"}}\n',
        "node_modules/dep/package.json": '{"name": "dep"}\n',
        "node_modules/dep/index.d.ts": "export declare function other(): void;\n",
        "src/schema.ts": (
            "export class Schema {\n"
            f"  {method}(value: unknown): unknown {{\n"
            "    return value;\n"
            "  }\n"
            "}\n"
            "export function make(): any {\n"
            "  return new Schema();\n"
            "}\n"
        ),
        "src/use.ts": (
            "import { make } from './schema';\n"
            "const s = make();\n"
            f"export const result = s.{method}(1);\n"
        ),
    }


def test_a_name_declared_once_and_nowhere_outside_is_renamed_where_reached_by_name(
    make_repo,
):
    root = make_repo(_project())
    result = prx.rename("Schema.safeParseTwice", "safeParseThrice", apply=True, root=root)
    assert result.applied
    assert "export const result = s.safeParseThrice(1);\n" in (root / "src/use.ts").read_text()
    assert "  safeParseThrice(value: unknown): unknown {\n" in (root / "src/schema.ts").read_text()
    assert any("the project declares it once" in note for note in result.notes)
    # The dependency is read, never written.
    assert (root / "node_modules/dep/index.d.ts").read_text() == (
        "export declare function other(): void;\n"
    )


def _refused(root: Path, method: str = "safeParseTwice") -> AmbiguousMatchError:
    before = (root / "src/use.ts").read_bytes()
    with pytest.raises(AmbiguousMatchError) as caught:
        prx.rename(f"Schema.{method}", "renamed", apply=True, root=root)
    assert (root / "src/use.ts").read_bytes() == before
    dry = prx.rename(f"Schema.{method}", "renamed", root=root)
    assert [(s.file, s.line, s.reason) for s in dry.left_alone if s.reason == "by_name"] == [
        ("src/use.ts", 3, "by_name")
    ]
    return caught.value


def test_a_dependency_that_mentions_the_name_leaves_the_places_to_the_caller(make_repo):
    files = _project()
    files["node_modules/dep/index.d.ts"] += "export declare const x: { safeParseTwice(): void };\n"
    root = make_repo(files)
    _refused(root)
    notes = prx.rename("Schema.safeParseTwice", "renamed", root=root).notes
    assert any("node_modules/dep/index.d.ts" in note for note in notes)


def test_a_standard_library_member_name_leaves_the_places_to_the_caller(make_repo):
    root = make_repo(_project("then"))
    _refused(root, "then")


def test_dependencies_not_installed_leave_the_places_to_the_caller(make_repo):
    files = {k: v for k, v in _project().items() if not k.startswith("node_modules/")}
    root = make_repo(files)
    _refused(root)
    notes = prx.rename("Schema.safeParseTwice", "renamed", root=root).notes
    assert any("not installed" in note for note in notes)


def test_a_dependency_linked_from_outside_the_project_is_not_read(make_repo, tmp_path):
    # A hostile or `npm link`ed dependency: a link out of the root. prx does not follow it,
    # so it cannot tell what it declares, and leaves the places to the caller.
    outside = tmp_path / "linked-dep"
    outside.mkdir()
    (outside / "index.d.ts").write_text("export declare function other(): void;\n")
    root = make_repo(_project())
    (root / "node_modules" / "linked").symlink_to(outside, target_is_directory=True)
    _refused(root)
    notes = prx.rename("Schema.safeParseTwice", "renamed", root=root).notes
    assert any("a link out of the project" in note for note in notes)
