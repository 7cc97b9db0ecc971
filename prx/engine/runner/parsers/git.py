"""git: ``status`` as porcelain-style entries, ``log`` as one line per commit, ``diff`` as
per-file line counts (and the diff itself when it is short)."""

from __future__ import annotations

import re

from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["GitDiffParser", "GitLogParser", "GitStatusParser"]

_STATES = {
    "new file": "A",
    "modified": "M",
    "deleted": "D",
    "renamed": "R",
    "copied": "C",
    "typechange": "T",
}
_UNMERGED = {
    "both modified": "UU",
    "both added": "AA",
    "both deleted": "DD",
    "added by us": "AU",
    "added by them": "UA",
    "deleted by us": "DU",
    "deleted by them": "UD",
}
_ENTRY = re.compile(r"^\t(?P<state>[a-z ]+):\s+(?P<path>.+)$")
_BRANCH = re.compile(r"^On branch (?P<branch>\S+)|^HEAD detached (?:at|from) (?P<detached>\S+)")
_TRACKING = re.compile(
    r"^Your branch (?P<text>is (?:ahead|behind).+?|and .+ have diverged.*?)[.,]?$"
)
_SHORT = re.compile(r"^(?:[ MADRCUT?!]{2}) \S")


class GitStatusParser(ToolParser):
    """``git status`` (long format, also ``-s`` / ``--porcelain``)."""

    NAME = "git-status"
    SIGNATURES = (
        (r"On branch \S+$", 0.9),
        (r"nothing to commit, working tree clean$", 0.95),
        (r"Changes (?:not staged for commit|to be committed):$", 0.9),
    )
    PROGRAMS = frozenset({"git"})
    SUBCOMMANDS = frozenset({"status"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        if lines and all(_SHORT.match(x) or x.startswith("## ") for x in lines if x):
            parsed.items = [x for x in lines if x and not x.startswith("## ")]
            branch = next((x[3:] for x in lines if x.startswith("## ")), None)
            parsed.headline = self._headline(branch, None, parsed.items)
            return parsed
        staged: dict[str, str] = {}
        unstaged: dict[str, str] = {}
        order: list[str] = []
        untracked: list[str] = []
        section = None
        branch = tracking = None
        for line in lines:
            match = _BRANCH.match(line)
            if match:
                branch = match.group("branch") or f"detached {match.group('detached')}"
            track = _TRACKING.match(line)
            if track:
                tracking = track.group("text")
            if line.startswith("Changes to be committed"):
                section = "staged"
            elif line.startswith("Changes not staged"):
                section = "unstaged"
            elif line.startswith("Unmerged paths"):
                section = "unmerged"
            elif line.startswith("Untracked files"):
                section = "untracked"
            elif line.startswith("Ignored files"):
                section = "ignored"
            elif line.startswith("\t") and section:
                entry = _ENTRY.match(line)
                if section == "untracked":
                    untracked.append(line[1:])
                elif entry is None:
                    continue
                elif section == "unmerged":
                    code = _UNMERGED.get(entry.group("state"), "UU")
                    staged[entry.group("path")] = code
                    order.append(entry.group("path"))
                else:
                    letter = _STATES.get(entry.group("state"), "?")
                    path = entry.group("path").removesuffix(" (new commits)")
                    target = staged if section == "staged" else unstaged
                    target[path] = letter
                    if path not in order:
                        order.append(path)
        items = []
        for path in sorted(order):
            code = staged.get(path, " ")
            if len(code) == 2:
                items.append(f"{code} {path}")
            else:
                items.append(f"{code}{unstaged.get(path, ' ')} {path}")
        items += [f"?? {p}" for p in sorted(untracked)]
        parsed.items = items
        parsed.headline = self._headline(branch, tracking, items)
        return parsed

    @staticmethod
    def _headline(branch: str | None, tracking: str | None, items: list[str]) -> str:
        staged = sum(1 for x in items if x[0] not in " ?")
        unstaged = sum(1 for x in items if x[1] not in " ?")
        untracked = sum(1 for x in items if x.startswith("??"))
        parts = []
        if staged:
            parts.append(f"{staged} staged")
        if unstaged:
            parts.append(f"{unstaged} unstaged")
        if untracked:
            parts.append(f"{untracked} untracked")
        text = ", ".join(parts) or "clean"
        if branch:
            text = f"on {branch}: {text}"
        if tracking:
            text += f" ({tracking})"
        return text


_COMMIT = re.compile(r"^commit (?P<hash>[0-9a-f]{7,64})\b")
_ONELINE = re.compile(r"^(?:[*|\\/ ]+)?(?P<hash>[0-9a-f]{7,64}) (?P<subject>.*)$")


class GitLogParser(ToolParser):
    """``git log`` (default and ``--oneline`` formats): one ``<hash7> <subject>`` per commit."""

    NAME = "git-log"
    SIGNATURES = ((r"commit [0-9a-f]{40}(?: \(.+\))?$", 0.9),)
    PROGRAMS = frozenset({"git"})
    SUBCOMMANDS = frozenset({"log"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        commits: list[str] = []
        current: str | None = None
        subject_pending = False
        if any(_COMMIT.match(x) for x in lines):
            for line in lines:
                match = _COMMIT.match(line)
                if match:
                    current = match.group("hash")[:7]
                    subject_pending = True
                    continue
                if subject_pending and line.startswith("    ") and current:
                    commits.append(f"{current} {line.strip()}")
                    subject_pending = False
        else:
            for line in lines:
                one = _ONELINE.match(line)
                if one:
                    commits.append(f"{one.group('hash')[:7]} {one.group('subject')}")
        parsed.items = commits
        parsed.headline = f"{len(commits)} commit" + ("" if len(commits) == 1 else "s")
        return parsed


_STAT_SUMMARY = re.compile(r"^\s*\d+ files? changed")
_DIFF_HEAD = re.compile(r"^diff --git a/(?P<a>.+) b/(?P<b>.+)$")
#: A diff this short is returned whole.
SHORT_DIFF_LINES = 80


class GitDiffParser(ToolParser):
    """``git diff`` / ``git show``: per-file added and deleted line counts."""

    NAME = "git-diff"
    SIGNATURES = ((r"diff --git a/\S+ b/\S+$", 0.95),)
    PROGRAMS = frozenset({"git"})
    SUBCOMMANDS = frozenset({"diff"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        files: list[list[object]] = []
        in_hunk = False
        for line in lines:
            head = _DIFF_HEAD.match(line)
            if head:
                files.append([head.group("b"), 0, 0])
                in_hunk = False
                continue
            if not files:
                continue
            if line.startswith("@@"):
                in_hunk = True
            elif line.startswith("Binary files "):
                files[-1][1] = files[-1][2] = "-"
            elif line.startswith("rename to "):
                files[-1][0] = line.removeprefix("rename to ")
            elif in_hunk and line.startswith("+"):
                files[-1][1] = int(str(files[-1][1])) + 1 if files[-1][1] != "-" else "-"
            elif in_hunk and line.startswith("-"):
                files[-1][2] = int(str(files[-1][2])) + 1 if files[-1][2] != "-" else "-"
        if not files and any(x.strip() for x in lines):
            # --stat, --numstat, --name-only, --name-status: a listing, kept from its head.
            summary = next((x.strip() for x in lines if _STAT_SUMMARY.match(x)), None)
            parsed.items = [x.strip() for x in lines if x.strip() and not _STAT_SUMMARY.match(x)]
            count = len(parsed.items)
            parsed.headline = summary or f"{count} file{'' if count == 1 else 's'} listed"
            return parsed
        parsed.items = [f"{path} +{added} -{deleted}" for path, added, deleted in files]
        added_total = sum(int(str(a)) for _, a, _ in files if a != "-")
        deleted_total = sum(int(str(d)) for _, _, d in files if d != "-")
        count = len(files)
        parsed.headline = (
            f"{count} file{'' if count == 1 else 's'} changed, +{added_total} -{deleted_total}"
            if files
            else "no changes"
        )
        if 0 < len(lines) <= SHORT_DIFF_LINES:
            parsed.excerpt = list(lines)
            parsed.excerpt_source_lines = len(lines)
        return parsed
