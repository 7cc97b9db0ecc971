"""``prx edit``: compute every change in memory, check it, then write all files or none.

Each file is decoded once (:func:`prx.engine.files.atomic.decode_text`), its edits are applied in
order to the text (each edit sees the result of the ones before it), and the new bytes are
made with :func:`prx.engine.files.atomic.reencode`, which keeps the BOM, the line endings (those of
unchanged lines byte for byte) and the final-newline state. Nothing is written unless
``apply``; then :func:`prx.engine.files.atomic.apply_changes` writes every file or none.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

from prx.commands.edit.matching import (
    LEVELS,
    Found,
    exact_spans,
    line_of,
    near_miss,
    near_miss_limit,
    regex_spans,
    relative_replacement,
    retarget,
    runs_of,
    tolerant_spans,
)
from prx.commands.edit.patch import FilePatch, Hunk, parse_patch
from prx.commands.edit.requests import EditRequest, load_edit_list, request_from_mapping
from prx.core.errors import (
    AmbiguousMatchError,
    ConflictError,
    InvalidArgumentError,
    InvalidRangeError,
    NoMatchError,
    NotFoundError,
    ParseError,
    SyntaxCheckError,
)
from prx.core.hashing import content_hash, is_hash
from prx.core.results.edit import EditChange, EditFile, EditResult
from prx.core.results.read import Symbol
from prx.engine.files.atomic import (
    FileChange,
    TextForm,
    apply_changes,
    decode_text,
    encode_text,
    reencode,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.context import Context
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["run_edit"]

#: How many matches an ambiguity error lists.
_LISTED = 20
#: How many changes an answer lists.
_SHOWN_CHANGES = 200


class _Buffer:
    """One file being edited: its old bytes and its current text."""

    def __init__(self, shown: str, path: str, old: bytes | None, spec: LanguageSpec | None) -> None:
        self.shown = shown
        self.path = path
        self.old = old
        self.spec = spec
        if old is None:
            self.text, self.form = "", TextForm(final_newline=True)
        else:
            self.text, self.form = decode_text(old)
        self.original = self.text
        self.action = "update" if old is not None else "create"
        self.final_newline: bool | None = None
        self.changes: list[EditChange] = []
        #: For a file moved by a patch: the bytes of the file it came from, whose form
        #: (BOM, line endings) it keeps.
        self.source: bytes | None = None
        self._symbols: tuple[str, tuple[Symbol, ...]] | None = None

    def symbols(self) -> tuple[Symbol, ...]:
        """The outline of the current text (empty when the language has none)."""
        if self._symbols is not None and self._symbols[0] is self.text:
            return self._symbols[1]
        found: tuple[Symbol, ...] = ()
        spec = self.spec
        if spec is not None and spec.grammar is not None and "outline" in spec.queries:
            from prx.engine.lang.outline import outline

            try:
                found = outline(spec, self.text.encode("utf-8", "surrogateescape"))
            except ParseError:
                found = ()
        self._symbols = (self.text, found)
        return found

    def function_at(self, line: int) -> str | None:
        """The innermost symbol around ``line``."""
        name = None
        level = self.symbols()
        while level:
            inner = next((s for s in level if s.lines.start <= line <= s.lines.end), None)
            if inner is None:
                break
            name, level = inner.name, inner.children
        return name

    def new_bytes(self) -> bytes | None:
        if self.action == "delete":
            return None
        if self.old is None:
            final = self.final_newline if self.final_newline is not None else True
            if self.source is not None:
                return reencode(self.source, self.text, final_newline=final)
            return encode_text(self.text, TextForm(final_newline=final and bool(self.text)))
        return reencode(self.old, self.text, final_newline=self.final_newline)


def _newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


# --------------------------------------------------------------------------- entry point


def run_edit(
    ws: Context,
    path: str | None,
    *,
    find: str | None = None,
    replace: str | None = None,
    regex: bool = False,
    replace_all: bool = False,
    occurrence: int | None = None,
    within: str | None = None,
    lines: str | None = None,
    content: str | None = None,
    insert_after: str | None = None,
    symbol: str | None = None,
    body: str | None = None,
    edits: str | Sequence[Mapping[str, Any]] | None = None,
    patch: str | None = None,
    apply: bool = False,
    force: bool = False,
    expect_hash: str | None = None,
    check: str = "auto",
    rollback: bool = False,
) -> EditResult:
    """Edit files for :meth:`Workspace.edit`."""
    single = {
        "find": find,
        "replace": replace,
        "regex": regex or None,
        "replace_all": replace_all or None,
        "occurrence": occurrence,
        "within": within,
        "lines": lines,
        "content": content,
        "insert_after": insert_after,
        "symbol": symbol,
        "body": body,
    }
    given = [name for name, value in single.items() if value is not None]
    sources = [
        name for name, used in (("edits", edits is not None), ("patch", patch is not None)) if used
    ]
    if given and sources or len(sources) > 1:
        raise InvalidArgumentError(
            "invalid argument {param}: give the edit either inline "
            f"({{param:{given[0] if given else sources[0]}}}) "
            "or as {param:edits} or as {param:patch}, not both",
            param=sources[-1],
        )
    if expect_hash is not None and not is_hash(expect_hash):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {expect_hash!r} is not a content hash (32 hex digits)",
            param="expect_hash",
            suggestion="Use the meta.hash of a {cmd:read} answer.",
        )
    session = _Session(ws, force=force)
    if expect_hash is not None and path is not None:
        session.expect(path, expect_hash)  # before anything else: the text may be stale
    if patch is not None:
        session.apply_patch(_patch_text(ws, patch))
    else:
        if edits is not None:
            items = load_edit_list(edits, ws.confined)
            requests = [request_from_mapping(item, path, n) for n, item in enumerate(items)]
        else:
            if path is None:
                raise InvalidArgumentError(
                    "invalid argument: the file to edit is missing",
                    param="path",
                    suggestion="Name the file, or send edits naming theirs with {param:edits}.",
                )
            request = EditRequest(
                file=path,
                find=find,
                replace=replace,
                regex=regex,
                replace_all=replace_all,
                occurrence=occurrence,
                within=within,
                lines=lines,
                content=content,
                insert_after=insert_after,
                symbol=symbol,
                body=body,
            )
            request.validate()
            requests = [request]
        for request in requests:
            session.apply_request(request)
    if expect_hash is not None and path is None:
        session.expect(None, expect_hash)
    return session.finish(apply=apply, check=check, rollback=rollback)


def _patch_text(ws: Context, patch: str) -> str:
    if not patch.strip():
        raise InvalidArgumentError("invalid argument {param}: the patch is empty", param="patch")
    if patch == "-":
        raise InvalidArgumentError(
            "invalid argument {param}: '-' (standard input) is for the command line; pass the "
            "patch text itself",
            param="patch",
        )
    if "\n" in patch or patch.lstrip().startswith(("***", "---", "diff ")):
        return patch
    confined = ws.confined
    try:
        data = confined.read_bytes(ws.resolve(patch, param="patch"))
    except NotFoundError:
        raise NotFoundError(f"file not found: {patch}", param="patch") from None
    return data.decode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------- the session


class _Session:
    """The files of one ``prx edit`` call and the edits applied to them, in memory."""

    def __init__(self, ws: Context, *, force: bool) -> None:
        self.ws = ws
        self.force = force
        self.buffers: dict[str, _Buffer] = {}
        self.expected: dict[str, str] = {}

    # ---------------------------------------------------------------- files

    def buffer(self, shown: str, *, create: bool = False) -> _Buffer:
        from prx.engine.files.text import load_text

        resolved = self.ws.resolve(shown, param="path")
        key = os.path.realpath(resolved)
        known = self.buffers.get(key)
        if known is not None:
            return known
        if create:
            if os.path.lexists(resolved):
                raise ConflictError(
                    f"{shown} already exists",
                    suggestion="Change it with an update instead of adding it.",
                )
            old = None
        else:
            old = load_text(resolved, shown, self.ws.confined).data
        made = _Buffer(shown, resolved, old, self.ws.language_for(resolved))
        self.buffers[key] = made
        return made

    def expect(self, path: str | None, expected: str) -> None:
        """Refuse when the file's hash is not ``expected``."""
        if path is None:
            names = {buf.shown for buf in self.buffers.values()}
            if len(names) != 1:
                raise InvalidArgumentError(
                    "invalid argument {param}: several files are edited; name the file the "
                    "hash belongs to, or give each edit its own expect_hash",
                    param="expect_hash",
                )
            path = names.pop()
        self._check_hash(self.buffer(path), expected)

    def _check_hash(self, buf: _Buffer, expected: str) -> None:
        actual = content_hash(buf.old) if buf.old is not None else None
        if actual != expected.lower():
            raise ConflictError(
                f"{buf.shown} changed since it was read: its hash is {actual}, "
                f"not {expected.lower()}",
                suggestion="Read it again ({cmd:read}) and redo the edit against its current text.",
            )

    # ---------------------------------------------------------------- one request

    def apply_request(self, request: EditRequest) -> None:
        buf = self.buffer(request.file)
        if request.expect_hash is not None:
            if not is_hash(request.expect_hash):
                raise InvalidArgumentError(
                    f"invalid argument {{param}}: {request.expect_hash!r} is not a content hash",
                    param="expect_hash",
                )
            self._check_hash(buf, request.expect_hash)
        kind = request.kind
        if kind == "find":
            self._find(buf, request)
        elif kind == "lines":
            self._lines(buf, request)
        elif kind == "insert_after":
            self._insert(buf, request)
        else:
            self._symbol(buf, request)

    def _scope(self, buf: _Buffer, within: str | None) -> tuple[int, int]:
        if within is None:
            return 0, len(buf.text)
        found = self._lookup(buf, within, "within")
        return _line_offset(buf.text, found.lines.start), _line_offset(
            buf.text, found.lines.end + 1
        )

    def _lookup(self, buf: _Buffer, name: str, param: str) -> Symbol:
        """The symbol ``name`` (or ``Outer.name``) of the file; an error when it is absent
        or when several have that name."""
        symbols = buf.symbols()
        matches: list[tuple[str, Symbol]] = []

        def walk(level: tuple[Symbol, ...], prefix: str) -> None:
            for sym in level:
                dotted = f"{prefix}{sym.name}"
                if name in (sym.name, dotted):
                    matches.append((dotted, sym))
                walk(sym.children, dotted + ".")

        walk(symbols, "")
        if not matches:
            from prx.core.errors import did_you_mean

            names: list[str] = []

            def collect(level: tuple[Symbol, ...]) -> None:
                for sym in level:
                    names.append(sym.name)
                    collect(sym.children)

            collect(symbols)
            if not symbols and (buf.spec is None or buf.spec.grammar is None):
                hint = "prx has no outline for this kind of file; use {param:lines} instead."
            else:
                hint = did_you_mean(name, names) or "List the symbols with {cmd:outline}."
            raise NoMatchError(f"no symbol {name!r} in {buf.shown}", param=param, suggestion=hint)
        exact = [(dotted, sym) for dotted, sym in matches if dotted == name]
        if exact:
            matches = exact  # "foo" is the top-level foo rather than K.foo
        if len(matches) > 1:
            listed = ", ".join(f"{dotted} (line {sym.lines.start})" for dotted, sym in matches)
            raise AmbiguousMatchError(
                f"{len(matches)} symbols named {name!r} in {buf.shown}: {listed}",
                param=param,
                suggestion="Name it with its class, as Outer.name.",
            )
        return matches[0][1]

    # ---------------------------------------------------------------- kinds of edit

    def _find(self, buf: _Buffer, request: EditRequest) -> None:
        assert request.find is not None and request.replace is not None
        find, replacement = _newlines(request.find), _newlines(request.replace)
        lo, hi = self._scope(buf, request.within)
        text = buf.text
        if request.regex:
            try:
                pattern = re.compile(find, re.MULTILINE)
            except re.error as exc:
                raise InvalidArgumentError(
                    f"invalid argument {{param}}: not a regular expression: {exc}", param="find"
                ) from None
            try:
                found = regex_spans(text, pattern, replacement, lo, hi)
            except (re.error, IndexError) as exc:
                raise InvalidArgumentError(
                    f"invalid argument {{param}}: {exc}", param="replace"
                ) from None
        else:
            lead = len(find) - len(find.lstrip(" \t"))
            found = [
                retarget(text, a + lead, a + len(find.rstrip()), find, replacement, "whitespace")
                if relative_replacement(text, a + lead, find, replacement)
                else Found(start=a, end=b, replacement=replacement, level="exact")
                for a, b in exact_spans(text, find, lo, hi)
            ]
            if not found:
                level, spans = tolerant_spans(text, find, lo, hi)
                found = [retarget(text, a, b, find, replacement, level) for a, b in spans]
        if not found:
            raise self._no_match(buf, find, lo, hi, request)
        if request.occurrence is not None:
            if request.occurrence > len(found):
                raise NoMatchError(
                    f"occurrence {request.occurrence} of the find text asked for, but "
                    f"{buf.shown} has {len(found)}",
                    param="occurrence",
                    suggestion=f"Choose {{param}} from 1 to {len(found)}.",
                )
            found = [found[request.occurrence - 1]]
        elif len(found) > 1 and not request.replace_all:
            raise self._ambiguous(buf, found)
        self._splice(buf, found)

    def _no_match(
        self, buf: _Buffer, find: str, lo: int, hi: int, request: EditRequest
    ) -> NoMatchError:
        where = f" in {request.within}" if request.within else ""
        what = "regular expression" if request.regex else "find text"
        near = near_miss(buf.text, find, lo, hi)
        skipped = near_miss_limit(find, lo, hi)
        if skipped is not None:
            hint = (
                f"No nearest text was looked for: {skipped}. Read the part to change "
                "again ({cmd:read} with {param:lines}) and copy it exactly."
            )
        elif near is None:
            hint = (
                "Nothing in the file resembles it. Read the file again ({cmd:read}) and "
                "copy the text to change."
            )
        else:
            line, ratio, diff = near
            hint = (
                f"The nearest text is at line {line} ({round(ratio * 100)}% similar):\n{diff}\n"
                "Copy the text from the file exactly."
            )
        return NoMatchError(
            f"the {what} is not in {buf.shown}{where} (not even with whitespace or Unicode quotes "
            "and dashes normalised)"
            if not request.regex
            else f"the {what} matches nothing in {buf.shown}{where}",
            param="find",
            suggestion=hint,
        )

    def _ambiguous(self, buf: _Buffer, found: list[Found]) -> AmbiguousMatchError:
        places = []
        for item in found[:_LISTED]:
            line = line_of(buf.text, item.start)
            function = buf.function_at(line)
            places.append(f"line {line}" + (f" (in {function})" if function else ""))
        more = f" and {len(found) - _LISTED} more" if len(found) > _LISTED else ""
        tolerance = (
            "" if found[0].level == "exact" else f" (matched with {found[0].level} tolerance)"
        )
        return AmbiguousMatchError(
            f"the find text matches {len(found)} places in {buf.shown}{tolerance}: "
            f"{', '.join(places)}{more}",
            param="find",
        )

    def _lines(self, buf: _Buffer, request: EditRequest) -> None:
        from prx.commands.read.engine import parse_lines

        assert request.lines is not None and request.content is not None
        start, end = parse_lines(request.lines)
        total = _line_count(buf.text)
        end = total if end is None else end
        if start > total or end > total:
            raise InvalidRangeError(
                f"invalid range {request.lines!r}: {buf.shown} has {total} lines",
                param="lines",
                suggestion="To add lines at the end, use {param:insert_after} "
                f"{total} with {{param:content}}.",
            )
        a, b = _line_offset(buf.text, start), _line_offset(buf.text, end + 1)
        self._splice(
            buf,
            [Found(start=a, end=b, replacement=_as_lines(_newlines(request.content)), level="")],
        )

    def _insert(self, buf: _Buffer, request: EditRequest) -> None:
        assert request.insert_after is not None and request.content is not None
        content = _newlines(request.content)
        target = request.insert_after.strip()
        total = _line_count(buf.text)
        if target.isdigit():
            after = int(target)
            if after > total:
                raise InvalidRangeError(
                    f"invalid range: {buf.shown} has {total} lines, cannot insert after "
                    f"line {after}",
                    param="insert_after",
                    suggestion=f"Use 0 (before the first line) to {total} (after the last).",
                )
        else:
            found = self._lookup(buf, target, "insert_after")
            after = found.lines.end
            content = _reindent(content, _indent_of(buf.text, found.lines.start))
        at = _line_offset(buf.text, after + 1)
        text = _as_lines(content)
        if at == len(buf.text) and buf.text and not buf.text.endswith("\n"):
            text = "\n" + text[:-1]  # after an unterminated last line
        self._splice(buf, [Found(start=at, end=at, replacement=text, level="")])

    def _symbol(self, buf: _Buffer, request: EditRequest) -> None:
        assert request.symbol is not None and request.body is not None
        found = self._lookup(buf, request.symbol, "symbol")
        body = _newlines(request.body)
        start = found.lines.start
        lines = buf.text.split("\n")
        if body.lstrip().startswith("@"):
            # The new text brings its decorators: replace the old ones too.
            while start > 1 and lines[start - 2].strip().startswith("@"):
                start -= 1
        body = _reindent(body, _indent_of(buf.text, found.lines.start))
        a, b = _line_offset(buf.text, start), _line_offset(buf.text, found.lines.end + 1)
        self._splice(buf, [Found(start=a, end=b, replacement=_as_lines(body), level="")])

    # ---------------------------------------------------------------- splicing

    def _splice(self, buf: _Buffer, found: list[Found]) -> None:
        """Replace each span (non-overlapping) and record each change."""
        text = buf.text
        ordered = sorted(found, key=lambda f: (f.start, f.end))
        for previous, item in zip(ordered, ordered[1:], strict=False):
            if item.start < previous.end:
                raise InvalidArgumentError(
                    "invalid argument {param}: the matches overlap", param="find"
                )
        pieces: list[str] = []
        at = 0
        counted, line = 0, 1  # lines counted up to `counted`: once over the text, not per match
        for item in ordered:
            line_start = text.rfind("\n", 0, item.start) + 1
            line += text.count("\n", counted, line_start)
            counted = max(counted, line_start)
            buf.changes.append(self._change(buf, text, item, line))
            pieces.append(text[at : item.start])
            pieces.append(item.replacement)
            at = item.end
        pieces.append(text[at:])
        buf.text = "".join(pieces)

    def _change(self, buf: _Buffer, text: str, item: Found, line: int) -> EditChange:
        """The change ``item`` makes, ``line`` being the line it starts on."""
        a, b, new = item.start, item.end, item.replacement
        line_start = text.rfind("\n", 0, a) + 1
        if a == b and a == line_start and (new.endswith("\n") or a == len(text)):
            before, after = "", new.strip("\n") if a == len(text) else new[:-1]
        elif b > a and text[b - 1] == "\n":
            before = text[line_start : b - 1]
            after = text[line_start:a] + new
            after = after[:-1] if after.endswith("\n") else after
        else:
            line_end = text.find("\n", b)
            line_end = len(text) if line_end < 0 else line_end
            before = text[line_start:line_end]
            after = text[line_start:a] + new + text[b:line_end]
        return EditChange(
            file=buf.shown,
            line=line,
            function=buf.function_at(line),
            before=before,
            after=after,
            match=item.level or None,
        )

    # ---------------------------------------------------------------- patches

    def apply_patch(self, text: str) -> None:
        for patch in parse_patch(text):
            self._apply_file_patch(patch)

    def _confined(self, path: str) -> str:
        if os.path.isabs(path):
            raise InvalidArgumentError(
                f"invalid argument {{param}}: the patch names {path}, an absolute path",
                param="patch",
                suggestion="Patch paths are relative to the workspace root.",
            )
        self.ws.resolve(path, param="patch")  # refused when it leaves the root
        return path

    def _apply_file_patch(self, patch: FilePatch) -> None:
        path = self._confined(patch.path)
        if patch.action == "create":
            buf = self.buffer(path, create=True)
            lines = [text for hunk in patch.hunks for op, text in hunk.ops if op != "-"]
            new = "\n".join(lines) + ("\n" if lines else "")
            buf.final_newline = patch.final_newline
            self._splice(buf, [Found(start=0, end=0, replacement=new, level="")])
            return
        buf = self.buffer(path)
        if patch.action == "delete":
            old_side = [text for hunk in patch.hunks for op, text in hunk.ops if op != "+"]
            if old_side and "\n".join(old_side) != buf.text.removesuffix("\n"):
                raise ConflictError(
                    f"the patch deletes {buf.shown}, but the file is not what the patch "
                    "says it holds",
                    suggestion="Read the file again before deleting it.",
                )
            buf.action = "delete"
            return
        self._apply_hunks(buf, patch.hunks)
        if patch.final_newline is not None:
            buf.final_newline = patch.final_newline
        if patch.move_to is not None:
            target = self.buffer(self._confined(patch.move_to), create=True)
            target.text = buf.text
            target.source = buf.old
            target.changes.append(
                EditChange(
                    file=target.shown,
                    line=1,
                    function=None,
                    before="",
                    after=f"(moved from {buf.shown})",
                )
            )
            buf.action = "delete"

    def _apply_hunks(self, buf: _Buffer, hunks: list[Hunk]) -> None:
        ended = buf.text.endswith("\n")
        lines = buf.text.split("\n")
        if ended or not buf.text:
            lines.pop()
        offset = 0
        cursor = 0
        for hunk in hunks:
            if buf.form.bom and hunk.old_start in (1, None):
                hunk = _without_bom(hunk)
            expected = None if hunk.old_start is None else hunk.old_start - 1 + offset
            pos = self._locate(buf, lines, hunk, expected, cursor)
            old_block = lines[pos : pos + len(hunk.old)]
            hunk = _reindented(hunk, old_block, buf.text)
            new_block: list[str] = []
            index = pos
            for op, text in hunk.ops:
                if op == " ":
                    new_block.append(lines[index])  # the file's own context line
                    index += 1
                elif op == "-":
                    index += 1
                else:
                    new_block.append(text)
            head = 0
            while head < min(len(old_block), len(new_block)) and old_block[head] == new_block[head]:
                head += 1
            tail = 0
            while (
                tail < min(len(old_block), len(new_block)) - head
                and old_block[-1 - tail] == new_block[-1 - tail]
            ):
                tail += 1
            original_line = pos + head + 1 - offset
            buf.changes.append(
                EditChange(
                    file=buf.shown,
                    line=pos + head + 1,
                    function=_function_in(buf, original_line),
                    before="\n".join(old_block[head : len(old_block) - tail]),
                    after="\n".join(new_block[head : len(new_block) - tail]),
                )
            )
            lines[pos : pos + len(old_block)] = new_block
            offset += len(new_block) - len(old_block)
            cursor = pos + len(new_block)
        joined = "\n".join(lines)
        buf.text = joined + "\n" if lines and (ended or buf.final_newline) else joined
        if not lines:
            buf.text = ""

    def _locate(
        self, buf: _Buffer, lines: list[str], hunk: Hunk, expected: int | None, cursor: int
    ) -> int:
        old = hunk.old
        size = len(old)
        if size == 0:
            if expected is not None:
                return max(0, min(expected, len(lines)))
            if hunk.anchor is not None:
                anchor_at = _anchor_line(lines, hunk.anchor, cursor)
                if anchor_at is not None:
                    return anchor_at + 1
            return len(lines)
        if expected is not None and lines[expected : expected + size] == old:
            return expected
        from prx.commands.edit.matching import _TABLE
        from prx.core.progress import check_cancelled

        normalisers = (
            None,
            str.rstrip,
            str.strip,
            lambda s: " ".join(s.translate(_TABLE).split()),
        )
        start = cursor
        if hunk.anchor is not None:
            anchor_at = _anchor_line(lines, hunk.anchor, cursor)
            if anchor_at is not None:
                start = anchor_at
        for normalise in normalisers:
            # Linear in the file and the hunk (not their product), and cancellable.
            check_cancelled()
            if normalise is None:
                candidates = runs_of(lines, old)
            else:
                candidates = runs_of([normalise(line) for line in lines], list(map(normalise, old)))
            if not candidates:
                continue
            if expected is not None:
                return min(candidates, key=lambda i: (abs(i - expected), i))
            after = [i for i in candidates if i >= start]
            if len(after) == 1 or (after and hunk.anchor is not None):
                return after[0]
            if len(after) > 1:
                places = ", ".join(f"line {i + 1}" for i in after[:_LISTED])
                raise AmbiguousMatchError(
                    f"a hunk of the patch for {buf.shown} matches {len(after)} places: {places}",
                    param="patch",
                    suggestion="Add context lines, or an `@@ def name` anchor line, to the hunk.",
                )
        text, wanted = "\n".join(lines), "\n".join(old)
        near = near_miss(text, wanted, 0, len(text))
        hint = "Read the file again ({cmd:read}) and make the patch against its current text."
        skipped = near_miss_limit(wanted, 0, len(text))
        if skipped is not None:
            hint = f"No nearest text was looked for: {skipped}. {hint}"
        elif near is not None:
            line, ratio, diff = near
            similar = f"The nearest text is at line {line} ({round(ratio * 100)}% similar)"
            hint = f"{similar}:\n{diff}\n{hint}"
        first = next((line for line in old if line.strip()), old[0])
        raise NoMatchError(
            f"a hunk of the patch for {buf.shown} does not match the file (its first line: "
            f"{first.strip()[:60]!r})",
            param="patch",
            suggestion=hint,
        )

    # ---------------------------------------------------------------- result

    def finish(self, *, apply: bool, check: str = "auto", rollback: bool = False) -> EditResult:
        files: list[EditFile] = []
        changes: list[FileChange] = []
        notes: list[str] = []
        every: list[EditChange] = []
        problems: list[str] = []
        for buf in self.buffers.values():
            new = buf.new_bytes()
            if new == buf.old and not buf.changes:
                continue
            before, after, message = _syntax(buf, new)
            if message is not None:
                problems.append(f"{buf.shown}: {message}")
            every.extend(buf.changes)
            action = buf.action
            files.append(
                EditFile(
                    file=buf.shown,
                    action=action,
                    hash_before=content_hash(buf.old) if buf.old is not None else None,
                    hash_after=content_hash(new) if new is not None else None,
                    replacements=len(buf.changes),
                    syntax_errors_before=before,
                    syntax_errors_after=after,
                    syntax_error=message,
                )
            )
            if new != buf.old:
                changes.append(FileChange(path=buf.path, old=buf.old, new=new))
                if not apply and buf.old is not None and not _writable(buf.path):
                    notes.append(f"{buf.shown} is read-only: applying would be refused")
        syntax_error = problems[0] if problems else None
        if problems and not self.force:
            if apply:
                raise SyntaxCheckError(
                    f"the edit adds syntax errors: {'; '.join(problems)}; nothing was written",
                    param="force",
                    suggestion="Check the new text (a dry run shows it), or pass {param} to "
                    "write it anyway.",
                )
            notes.append(
                "applying would be refused: the edit adds syntax errors (see syntax_error)"
            )
        elif problems:
            notes.append("the edit adds syntax errors; written anyway (force)")
        checked = None
        if changes and (apply or check == "always"):
            from prx.engine.check.write import checked_write

            written, checked = checked_write(
                self.ws,
                changes,
                lambda: apply_changes(changes, root=self.ws.confined),
                apply=apply,
                check=check,
                rollback=rollback,
            )
            # What the check found leads the notes (its note, when it found new errors).
            notes[:0] = written
        levels = [c.match for c in every if c.match]
        single = files[0] if len(files) == 1 else None
        if len(every) > _SHOWN_CHANGES:
            # The answer must stay readable (and under a client's size limit even after a
            # write): the count, hashes and files say the rest.
            notes.append(
                f"{len(every) - _SHOWN_CHANGES} more changes not listed (the first "
                f"{_SHOWN_CHANGES} are); total_replacements counts them all"
            )
        return EditResult(
            file=single.file if single else None,
            dry_run=not apply,
            changes=tuple(every[:_SHOWN_CHANGES]),
            total_replacements=len(every),
            syntax_valid=not problems,
            syntax_error=syntax_error,
            hash_before=single.hash_before if single else None,
            hash_after=single.hash_after if single else None,
            match=max(levels, key=LEVELS.index) if levels else None,
            files=tuple(files),
            applied=apply and bool(changes) and not (checked is not None and checked.rolled_back),
            notes=tuple(notes),
            check=checked,
        )


# --------------------------------------------------------------------------- helpers


def _line_count(text: str) -> int:
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def _line_offset(text: str, line: int) -> int:
    """The offset where 1-based ``line`` starts (the end of the text past the last line)."""
    at = 0
    for _ in range(line - 1):
        found = text.find("\n", at)
        if found < 0:
            return len(text)
        at = found + 1
    return at


def _as_lines(text: str) -> str:
    """``text`` as whole lines: ending with a newline unless empty."""
    return text if not text or text.endswith("\n") else text + "\n"


def _indent_of(text: str, line: int) -> str:
    start = _line_offset(text, line)
    end = text.find("\n", start)
    row = text[start : len(text) if end < 0 else end]
    return row[: len(row) - len(row.lstrip(" \t"))]


def _reindent(text: str, indent: str) -> str:
    """``text`` moved so that its first non-blank line has ``indent``."""
    rows = text.split("\n")
    first = next((row for row in rows if row.strip()), None)
    if first is None:
        return text
    base = first[: len(first) - len(first.lstrip(" \t"))]
    if base == indent:
        return text
    out = []
    for row in rows:
        if not row.strip():
            out.append("")
        elif row.startswith(base):
            out.append(indent + row[len(base) :])
        else:
            out.append(indent + row.lstrip(" \t"))
    return "\n".join(out)


def _reindented(hunk: Hunk, found: list[str], text: str) -> Hunk:
    """``hunk`` with its added lines moved to the file's indentation when its old lines
    matched the file only with their indentation changed (a hunk written with trimmed or
    re-typed indentation)."""
    pairs = [(mine, theirs) for mine, theirs in zip(hunk.old, found, strict=False) if mine.strip()]
    if not pairs or all(_lead(mine) == _lead(theirs) for mine, theirs in pairs):
        return hunk
    from prx.commands.edit.indent import indent_map

    first = pairs[0][0].strip()[:60]
    shape = indent_map(
        [(_lead(mine), _lead(theirs)) for mine, theirs in pairs],
        [line for _, line in hunk.ops],
        text,
        where=lambda: f"a hunk of the patch (its first line: {first!r}) matches the file",
        param="patch",
    )
    ops = [
        (op, (shape.move(line) if line.strip() else "") if op == "+" else line)
        for op, line in hunk.ops
    ]
    return Hunk(ops=ops, old_start=hunk.old_start, anchor=hunk.anchor)


def _lead(row: str) -> str:
    return row[: len(row) - len(row.lstrip(" \t"))]


def _without_bom(hunk: Hunk) -> Hunk:
    """``git diff`` shows a file's BOM as part of its first line; the text here has none
    (the BOM is kept apart, in the file's form)."""
    ops = list(hunk.ops)
    for side in ("-", "+"):
        first = next((i for i, (op, _) in enumerate(ops) if op in (" ", side)), None)
        if first is not None and ops[first][1].startswith("\ufeff"):
            op, text = ops[first]
            ops[first] = (op, text[1:])
    return Hunk(ops=ops, old_start=hunk.old_start, anchor=hunk.anchor)


def _anchor_line(lines: list[str], anchor: str, start: int) -> int | None:
    wanted = anchor.strip()
    for index in range(start, len(lines)):
        if lines[index].strip() == wanted or (wanted and wanted in lines[index]):
            return index
    return None


def _function_in(buf: _Buffer, original_line: int) -> str | None:
    saved = buf.text
    buf.text = buf.original
    try:
        return buf.function_at(original_line)
    finally:
        buf.text = saved


def _writable(path: str) -> bool:
    import stat

    try:
        info = os.stat(path)
    except OSError:
        return True
    return bool(stat.S_IMODE(info.st_mode) & 0o222) and os.access(path, os.W_OK)


def _error_count(spec: LanguageSpec, data: bytes) -> int:
    from prx.engine.lang.grammar import parse

    root = parse(spec, data).root_node
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            count += 1
        if node.has_error:
            stack.extend(node.children)
    return count


def _syntax(buf: _Buffer, new: bytes | None) -> tuple[int | None, int | None, str | None]:
    """Syntax error counts before and after, and the first new error when the edit adds
    any. The counts are tree-sitter's; a Python file is also read by Python's own parser,
    which sees indentation errors tree-sitter does not: when it refuses the new text but
    accepted the old, that is one error more."""
    spec = buf.spec
    if new is None or spec is None:
        return None, None, None
    before: int | None = None
    after: int | None = None
    message: str | None = None
    if spec.grammar is not None:
        try:
            before = _error_count(spec, buf.old) if buf.old is not None else 0
            after = _error_count(spec, new)
        except ParseError:
            before = after = None
    if before is not None and after is not None and after > before:
        from prx.engine.lang.syntax import check_syntax

        report = check_syntax(spec, new)
        where = f"line {report.line}, column {report.column}: " if report.line else ""
        added = after - before
        plural = "s" if added != 1 else ""
        message = f"{where}{report.message or 'syntax error'} ({added} new syntax error{plural})"
    elif spec.name == "python":
        refused = _python_refuses(buf.old, new)
        if refused is not None:
            message = refused
            if before is not None and after is not None:
                after = before + 1
    return before, after, message


def _python_refuses(old: bytes | None, new: bytes) -> str | None:
    """Python's parser's first error in ``new`` when it accepted ``old`` (a file it
    already refuses may use syntax newer than the running Python: only errors the edit
    adds count). A new file is held only to what no Python version accepts: its
    indentation."""
    from prx.engine.lang.syntax import python_syntax

    report = python_syntax(new)
    if report is None or report.ok:
        return None
    if old is not None:
        was = python_syntax(old)
        if was is None or not was.ok:
            return None
    elif not (report.message or "").startswith(("IndentationError", "TabError")):
        return None
    return (
        f"line {report.line}, column {report.column}: {report.message} "
        "(1 new syntax error, from Python's parser)"
    )
