"""A module's own documentation, in the language it is written in: a README, a Python
module or package docstring, a leading JSDoc block, a Go package comment, Rust ``//!``
crate or module docs, a leading doc comment otherwise."""

from __future__ import annotations

import ast
import os
import re
from typing import TYPE_CHECKING

from prx.core.results.intel import DocBlock

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["directory_docs", "file_doc"]

_READMES = ("README.md", "README.rst", "README.txt", "README", "readme.md", "Readme.md")
#: Files whose doc speaks for their directory, by language.
_PACKAGE_FILES = (
    "__init__.py",
    "index.ts",
    "index.js",
    "index.tsx",
    "mod.rs",
    "lib.rs",
    "main.rs",
    "doc.go",
)
_JSDOC = re.compile(r"\A(?:\s*(?://[^\n]*|#![^\n]*)\n)*\s*/\*\*(.*?)\*/", re.DOTALL)


def _python_docstring(parsed: ParsedFile) -> str | None:
    tree = parsed.tree
    if tree is None:
        return None
    for child in tree.root_node.named_children:
        if child.type == "comment":
            continue
        first = child
        if child.type == "expression_statement" and child.named_child_count:
            first = child.named_children[0]
        if first.type == "string":
            literal = bytes(first.text or b"").decode("utf-8", "replace")
            try:
                value = ast.literal_eval(literal)
            except (ValueError, SyntaxError):
                return None
            return value.strip() if isinstance(value, str) else None
        return None
    return None


def _line_comments(lines: list[str], marker: str) -> str | None:
    """The first run of lines starting with ``marker`` at the top of the file (blank
    lines, attributes and other comments before it skipped)."""
    collected: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith(marker):
            collected.append(line[len(marker) :].removeprefix(" "))
        elif collected:
            break
        elif line and not line.startswith(("#!", "#[", "//")):
            break
    text = "\n".join(collected).strip()
    return text or None


def _go_package_comment(lines: list[str]) -> str | None:
    comment: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith("//"):
            comment.append(line[2:].removeprefix(" "))
        elif line.startswith("package "):
            return "\n".join(comment).strip() or None
        else:
            comment = []
    return None


def _jsdoc(text: str) -> str | None:
    match = _JSDOC.match(text)
    if match is None:
        return None
    body = [re.sub(r"^\s*\*\s?", "", line) for line in match.group(1).split("\n")]
    cleaned = "\n".join(body).strip()
    return cleaned or None


def file_doc(parsed: ParsedFile, shown: str) -> DocBlock | None:
    """The file's own leading documentation, if any."""
    language = parsed.language
    text: str | None = None
    kind = "doc_comment"
    if language == "python":
        text, kind = _python_docstring(parsed), "docstring"
    elif language in ("javascript", "typescript", "tsx"):
        text, kind = _jsdoc(parsed.data.decode("utf-8", "replace")), "jsdoc"
    elif language == "go":
        text, kind = _go_package_comment(parsed.lines), "package_comment"
    elif language == "rust":
        text, kind = _line_comments(parsed.lines, "//!"), "crate_doc"
        if text is None:
            text, kind = _line_comments(parsed.lines, "///"), "doc_comment"
    elif parsed.rel.lower().endswith((".md", ".rst", ".txt")):
        text, kind = parsed.data.decode("utf-8", "replace").strip(), "readme"
    if not text:
        return None
    return DocBlock(source=shown, kind=kind, text=text)


def directory_docs(project: Project, directory: str) -> list[DocBlock]:
    """A directory's README and its package file's documentation (``directory`` is a
    project path)."""
    found: list[DocBlock] = []
    prefix = f"{directory}/" if directory else ""
    try:
        names = set(os.listdir(project.absolute(directory)))
    except OSError:
        return found
    for name in _READMES:
        if name in names:
            parsed = project.file(prefix + name)
            if parsed is not None:
                text = parsed.data.decode("utf-8", "replace").strip()
                if text:
                    found.append(
                        DocBlock(source=project.shown(prefix + name), kind="readme", text=text)
                    )
                    break
    for name in _PACKAGE_FILES:
        if name in names:
            parsed = project.file(prefix + name)
            if parsed is not None:
                doc = file_doc(parsed, project.shown(prefix + name))
                if doc is not None:
                    found.append(doc)
                    break
    if not any(d.kind == "package_comment" for d in found):
        for name in sorted(names):
            if name.endswith(".go") and not name.endswith("_test.go"):
                parsed = project.file(prefix + name)
                if parsed is not None:
                    doc = file_doc(parsed, project.shown(prefix + name))
                    if doc is not None:
                        found.append(doc)
                        break
    return found
