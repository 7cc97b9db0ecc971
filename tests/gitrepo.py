"""A real git repository made for a test (fixed authors, dates and configuration)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

__all__ = ["Repo", "committed"]


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        GIT_AUTHOR_NAME="A",
        GIT_AUTHOR_EMAIL="a@example.com",
        GIT_AUTHOR_DATE="2024-01-01T00:00:00Z",
        GIT_COMMITTER_NAME="A",
        GIT_COMMITTER_EMAIL="a@example.com",
        GIT_COMMITTER_DATE="2024-01-01T00:00:00Z",
        GIT_CONFIG_GLOBAL=str(home / "gitconfig"),
        GIT_CONFIG_NOSYSTEM="1",
    )
    return env


class Repo:
    """A real repository under ``path`` with a helper to run git in it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.mkdir(exist_ok=True)
        self.env = _env(path.parent)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=self.path, env=self.env, capture_output=True, check=True
        )
        return done.stdout.decode()

    def write(self, rel: str, content: str | bytes) -> Path:
        target = self.path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)
        return target

    def commit(self, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD").strip()

    def edit(self, rel: str, old: str, new: str) -> None:
        """Replace ``old`` (which must be there) by ``new`` in the file ``rel``."""
        path = self.path / rel
        text = path.read_text()
        assert old in text, f"{old!r} is not in {rel}"
        path.write_text(text.replace(old, new))


def committed(path: Path, files: dict[str, str]) -> Repo:
    """A repository under ``path`` holding ``files`` in one commit."""
    made = Repo(path)
    for rel, text in files.items():
        made.write(rel, text)
    made.commit("first")
    return made
