"""What a changed file that is not code prx parses means for the tests."""

from __future__ import annotations

import posixpath

__all__ = ["file_kind"]

#: Files that configure how the suite runs or what it builds against.
_CONFIG_NAMES = frozenset(
    """pyproject.toml setup.py setup.cfg tox.ini pytest.ini noxfile.py requirements.txt
    requirements-dev.txt constraints.txt Pipfile Pipfile.lock poetry.lock uv.lock
    package.json package-lock.json yarn.lock pnpm-lock.yaml tsconfig.json jsconfig.json
    .babelrc babel.config.js babel.config.json .mocharc.js .mocharc.json .mocharc.yml
    .mocharc.yaml .nycrc .taprc go.mod go.sum go.work Cargo.toml Cargo.lock build.rs
    pom.xml build.gradle build.gradle.kts settings.gradle settings.gradle.kts
    gradle.properties Makefile CMakeLists.txt .env""".split()
)
_CONFIG_PREFIXES = (
    "jest.config.",
    "vitest.config.",
    "vite.config.",
    "karma.conf.",
    "tsconfig.",
    ".eslintrc",
    "rollup.config.",
    "webpack.config.",
)
_DOC_EXTENSIONS = frozenset(
    {
        ".md",
        ".rst",
        ".adoc",
        ".txt",
        ".html",
        ".css",
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".svg",
        ".ico",
        ".pdf",
    }
)
_DOC_NAMES = frozenset(
    {
        "LICENSE",
        "LICENCE",
        "NOTICE",
        "AUTHORS",
        "CHANGELOG",
        "CHANGES",
        "README",
        "CONTRIBUTING",
        ".gitignore",
        ".gitattributes",
        "CODEOWNERS",
        ".editorconfig",
    }
)


def file_kind(rel: str) -> str:
    """``config`` (it changes how every test runs), ``docs`` (no test reads it) or
    ``data`` (a test or the code may read it)."""
    base = posixpath.basename(rel)
    if base in _CONFIG_NAMES or base.startswith(_CONFIG_PREFIXES):
        return "config"
    if base.startswith("requirements") and base.endswith(".txt"):
        return "config"
    stem, extension = posixpath.splitext(base)
    parts = rel.split("/")
    if stem.upper() in _DOC_NAMES or base in _DOC_NAMES or ".github" in parts:
        return "docs"
    if extension.lower() in _DOC_EXTENSIONS and not any(
        p in ("test", "tests", "testdata", "fixtures", "__snapshots__") for p in parts[:-1]
    ):
        return (
            "docs"
            if parts[0] in ("docs", "doc")
            or extension.lower() in (".md", ".rst", ".adoc")
            or stem.upper() in _DOC_NAMES
            else "data"
        )
    return "data"
