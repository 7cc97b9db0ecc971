"""Ask the real agent CLIs whether they accept prx's hook entry in a project.

    python benchmarks/hook_clients.py PROJECT [--home DIR] [--client NAME ...]
                                      [--marker "prx hook"] [--timeout 90] [--json]

For each of Claude Code, Gemini CLI and Codex CLI that is installed, this runs the client's
own configuration check against PROJECT, offline and without an API key, and prints its
version, the command, the exit code and whether the hook entry that holds MARKER (default
``prx hook``) in its command is listed or accepted:

- Claude Code: ``claude doctor`` (run in PROJECT). It validates every settings file it
  reads (``~/.claude/settings.json``, ``.claude/settings.json``,
  ``.claude/settings.local.json``) and prints an "Invalid settings" section naming the file
  and key of each fault; its exit code stays 0 either way. Accepted: the entry is in one of
  those files and no fault names that file.
- Gemini CLI: ``gemini mcp list`` validates the settings files against the schema
  ("Invalid configuration in FILE" / "Error in FILE: ... is not valid JSON", exit 52). It
  lists no hooks, so a second, headless run (``gemini -p``) is made against a stub model
  server on 127.0.0.1 started by this script: at start-up the CLI prints the project hooks
  it registers ("The following project-level hooks have been detected") and a warning for
  each entry it discards ("Invalid hook event name", "Discarding invalid hook
  configuration"). The run sets ``GEMINI_CLI_TRUST_WORKSPACE=true``: without trust the CLI
  loads no settings hooks at all.
- Codex CLI: ``codex app-server`` answers the JSON-RPC ``hooks/list`` request for PROJECT
  with every hook it discovered (with ``trustStatus``) and a warning for each file it could
  not parse. Project-local hooks load only in a trusted project, so the scratch home's
  ``config.toml`` marks PROJECT trusted; ``trustStatus`` says whether the hook itself would
  run (``trusted``) or waits for the user's review (``untrusted``/``modified``).

Binaries are looked up in ``PRX_AGENT_CLIS`` (directories separated by ``os.pathsep``, e.g.
``/work/agents-npm/node_modules/.bin``) and then ``PATH``; a client that is not installed is
skipped and said so. Every run gets a scratch ``HOME``: a copy of ``--home`` when given (so
user-level hooks written there are seen, and the original is never touched), else an empty
temporary directory. No API key is needed; ``claude doctor`` still probes its API host
(offline the probe fails and is ignored) and the Gemini session talks only to the loopback
stub. For Codex, "accepted" means parsed and enabled; whether the user has trusted the hook
is shown apart (``trustStatus``). Exit code: 1 when an installed client did not accept the entry, else 0 (also
when no client is installed: ``--json`` says which were checked).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

CLIENTS = ("claude", "gemini", "codex")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class Report:
    """What one client said about the project."""

    client: str
    installed: bool
    version: str = ""
    command: list[str] = field(default_factory=list)
    exit_code: int | None = None
    entry_found: bool = False
    accepted: bool = False
    listed: bool | None = None
    notes: list[str] = field(default_factory=list)


def find_binary(name: str) -> str | None:
    """The client's executable from PRX_AGENT_CLIS first, then PATH."""
    extra = os.environ.get("PRX_AGENT_CLIS", "")
    for directory in [d for d in extra.split(os.pathsep) if d]:
        found = shutil.which(name, path=directory)
        if found:
            return found
    return shutil.which(name)


def run(argv: list[str], cwd: Path, env: dict[str, str], timeout: float) -> tuple[int | None, str]:
    """Run a command with no stdin; exit code (None on timeout) and stdout+stderr."""
    try:
        done = subprocess.run(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"") + (exc.stderr or b"")
        return None, out.decode(errors="replace") if isinstance(out, bytes) else str(out)
    return done.returncode, ANSI.sub("", done.stdout + done.stderr)


def client_env(home: Path, **extra: str) -> dict[str, str]:
    """The process environment with HOME pointing at the scratch home."""
    env = dict(os.environ)
    env["HOME"] = str(home)
    env.pop("CODEX_HOME", None)
    env.update(extra)
    return env


def version_of(binary: str, home: Path, timeout: float) -> str:
    """The first line of `BINARY --version` that names a version."""
    _, out = run([binary, "--version"], Path.cwd(), client_env(home), timeout)
    for line in out.splitlines():
        if re.search(r"\d+\.\d+", line) and not line.startswith("WARNING"):
            return line.strip()
    return out.strip()[:80]


def load_json(path: Path) -> Any:
    """A JSON file's value, or None when it is missing or not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def entries_with_marker(settings: Any, marker: str) -> list[tuple[str, dict[str, Any]]]:
    """(event, hook) pairs of a `{"hooks": {EVENT: [{"hooks": [...]}]}}` file holding MARKER."""
    found: list[tuple[str, dict[str, Any]]] = []
    hooks = settings.get("hooks") if isinstance(settings, dict) else None
    if not isinstance(hooks, dict):
        return found
    for event, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            inner = group.get("hooks") if isinstance(group, dict) else None
            for hook in inner if isinstance(inner, list) else []:
                if isinstance(hook, dict) and marker in str(hook.get("command", "")):
                    found.append((event, hook))
    return found


# --- Claude Code -------------------------------------------------------------------------


def check_claude(binary: str, project: Path, home: Path, marker: str, timeout: float) -> Report:
    """`claude doctor`: the entry's file has no "Invalid settings" line."""
    report = Report("claude", True, version_of(binary, home, timeout), [binary, "doctor"])
    files = [
        project / ".claude" / "settings.json",
        project / ".claude" / "settings.local.json",
        home / ".claude" / "settings.json",
    ]
    holders = [f for f in files if entries_with_marker(load_json(f), marker)]
    report.entry_found = bool(holders)
    report.exit_code, out = run(report.command, project, client_env(home), timeout)
    invalid = _doctor_section(out, "Invalid settings")
    faulty = [line for line in invalid if any(str(f) in line for f in holders)]
    report.notes.extend(invalid)
    report.accepted = report.entry_found and report.exit_code == 0 and not faulty
    if not report.entry_found:
        report.notes.append(f"no hook command holding {marker!r} in {', '.join(map(str, files))}")
    return report


def _doctor_section(out: str, title: str) -> list[str]:
    """The bullet lines of one section of `claude doctor`'s report (up to a blank line)."""
    lines = out.splitlines()
    if title not in lines:
        return []
    bullets: list[str] = []
    for line in lines[lines.index(title) + 1 :]:
        if not line.strip():
            break
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif bullets:
            bullets[-1] += " " + line.strip()
    return bullets


# --- Gemini CLI ---------------------------------------------------------------------------


class _GeminiStub(BaseHTTPRequestHandler):
    """Answers every model call with the text "ok": enough for the CLI to start and stop."""

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        reply = {
            "candidates": [
                {"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP"}
            ],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1},
        }
        stream = "streamGenerateContent" in self.path
        body = (f"data: {json.dumps(reply)}\n\n" if stream else json.dumps(reply)).encode()
        self.send_response(200)
        self.send_header("content-type", "text/event-stream" if stream else "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def check_gemini(binary: str, project: Path, home: Path, marker: str, timeout: float) -> Report:
    """`gemini mcp list` for the schema, then a stub-backed `gemini -p` for the hook list."""
    report = Report("gemini", True, version_of(binary, home, timeout), [binary, "mcp", "list"])
    project_file = project / ".gemini" / "settings.json"
    user_file = home / ".gemini" / "settings.json"
    holders = {f: entries_with_marker(load_json(f), marker) for f in (project_file, user_file)}
    holders = {f: e for f, e in holders.items() if e}
    report.entry_found = bool(holders)
    report.exit_code, out = run(report.command, project, client_env(home), timeout)
    schema_faults = [
        line.strip()
        for line in out.splitlines()
        if line.startswith(("Invalid configuration in", "Error in", "Error in:"))
        or "is not valid JSON" in line
    ]
    report.notes.extend(schema_faults)
    names = {str(h.get("name") or h.get("command")) for es in holders.values() for _, h in es}

    listed, warnings = _gemini_session(binary, project, home, timeout)
    report.notes.extend(warnings)
    report.listed = bool(names & set(listed)) if project_file in holders else None
    events = {event for es in holders.values() for event, _ in es}
    discarded = [
        w
        for w in warnings
        if marker in w or any(n in w for n in names) or any(f" {e} from" in w for e in events)
    ]
    bad_events = [
        w
        for w in warnings
        if w.startswith("Invalid hook event name")
        and any(f'"{event}"' in w for es in holders.values() for event, _ in es)
    ]
    report.accepted = (
        report.entry_found
        and report.exit_code == 0
        and not any(str(f) in fault for f in holders for fault in schema_faults)
        and not discarded
        and not bad_events
        and report.listed is not False
    )
    return report


def _gemini_session(
    binary: str, project: Path, home: Path, timeout: float
) -> tuple[list[str], list[str]]:
    """Start a headless session against a loopback stub; (listed hook names, hook warnings)."""
    settings_file = home / ".gemini" / "settings.json"
    settings = load_json(settings_file)
    settings = settings if isinstance(settings, dict) else {}
    settings.setdefault("security", {}).setdefault("auth", {})["selectedType"] = "gemini-api-key"
    settings_file.parent.mkdir(parents=True, exist_ok=True)
    settings_file.write_text(json.dumps(settings), encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _GeminiStub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        env = client_env(
            home,
            GEMINI_API_KEY="offline-probe",
            GOOGLE_GEMINI_BASE_URL=f"http://127.0.0.1:{server.server_address[1]}",
            GEMINI_CLI_TRUST_WORKSPACE="true",
        )
        argv = [binary, "-p", "ok", "-m", "gemini-2.5-flash", "-o", "json"]
        _, out = run(argv, project, env, timeout)
    finally:
        server.shutdown()
        server.server_close()
    listed: list[str] = []
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if "project-level hooks have been detected" in line:
            for item in lines[i + 1 :]:
                if not item.startswith("  - "):
                    break
                listed.append(item[4:].strip())
    warnings: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith(("Invalid hook", "Discarding invalid hook", "Command hook")) or (
            "Hook definitions for event" in line
        ):
            text = line.strip()
            if text.endswith("{"):  # the discarded entry follows, printed over several lines
                for more in lines[i + 1 :]:
                    text += " " + more.strip()
                    if more.startswith("}"):
                        break
            warnings.append(text)
    return listed, warnings


# --- Codex CLI ----------------------------------------------------------------------------


def check_codex(binary: str, project: Path, home: Path, marker: str, timeout: float) -> Report:
    """`codex app-server` + JSON-RPC `hooks/list` for PROJECT (marked trusted in the home)."""
    report = Report(
        "codex", True, version_of(binary, home, timeout), [binary, "app-server", "hooks/list"]
    )
    config = home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    header = f'[projects."{project}"]'
    if header not in text:
        text += f'\n{header}\ntrust_level = "trusted"\n'
        config.write_text(text, encoding="utf-8")
    answer, code, stderr = _codex_hooks_list(binary, project, home, timeout)
    report.exit_code = code
    if answer is None:
        report.notes.append("no hooks/list answer: " + stderr.strip()[-300:])
        return report
    hooks: list[dict[str, Any]] = []
    for entry in answer.get("result", {}).get("data", []):
        hooks.extend(entry.get("hooks") or [])
        report.notes.extend(f"warning: {w}" for w in entry.get("warnings") or [])
        report.notes.extend(f"error: {e}" for e in entry.get("errors") or [])
    if "error" in answer:
        report.notes.append(f"error: {answer['error']}")
    ours = [h for h in hooks if marker in str(h.get("command", ""))]
    for hook in ours:
        report.notes.append(
            f"{hook.get('eventName')} matcher={hook.get('matcher')!r} "
            f"timeoutSec={hook.get('timeoutSec')} source={hook.get('source')} "
            f"trustStatus={hook.get('trustStatus')} key={hook.get('key')}"
        )
    files = [project / ".codex" / "hooks.json", home / ".codex" / "hooks.json"]
    report.entry_found = bool(ours) or any(entries_with_marker(load_json(f), marker) for f in files)
    report.listed = bool(ours)
    report.accepted = bool(ours) and any(h.get("enabled", True) for h in ours)
    return report


def _codex_hooks_list(
    binary: str, project: Path, home: Path, timeout: float
) -> tuple[dict[str, Any] | None, int | None, str]:
    """Speak just enough JSON-RPC over stdio: initialize, initialized, hooks/list."""
    proc = subprocess.Popen(
        [binary, "app-server"],
        cwd=project,
        env=client_env(home),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def send(message: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def answer_to(request_id: int, deadline: float) -> dict[str, Any] | None:
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], deadline - time.monotonic())
            if not ready:
                return None
            line = proc.stdout.readline()
            if not line:
                return None
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("id") == request_id:
                return message
        return None

    deadline = time.monotonic() + timeout
    answer = None
    try:
        client_info = {"name": "prx-hook-clients", "version": "0"}
        send(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"clientInfo": client_info},
            }
        )
        if answer_to(1, deadline) is not None:
            send({"jsonrpc": "2.0", "method": "initialized"})
            params = {"cwds": [str(project)]}
            send({"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": params})
            answer = answer_to(2, deadline)
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        stderr = proc.stderr.read() if proc.stderr else ""
    return answer, proc.returncode, stderr


def _rehome_codex_trust(home: Path, original: Path) -> None:
    """Codex keys a hook's trust by its file's path: point the copied keys at the copy."""
    config = home / ".codex" / "config.toml"
    if config.exists():
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace(f'"{original}/', f'"{home}/'), encoding="utf-8")


# --- driver -------------------------------------------------------------------------------

CHECKS = {"claude": check_claude, "gemini": check_gemini, "codex": check_codex}


def main(argv: list[str] | None = None) -> int:
    """Check each requested client; print one block per client."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path, help="project directory holding the hook config")
    parser.add_argument("--home", type=Path, help="a home whose copy the clients see")
    parser.add_argument("--client", action="append", choices=CLIENTS, help="default: all")
    parser.add_argument("--marker", default="prx hook", help="text that marks prx's entry")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per command")
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")
    args = parser.parse_args(argv)
    project = args.project.resolve()
    reports: list[Report] = []
    for name in args.client or list(CLIENTS):
        binary = find_binary(name)
        if binary is None:
            reports.append(Report(name, False, notes=["not installed (PRX_AGENT_CLIS, PATH)"]))
            continue
        with tempfile.TemporaryDirectory(prefix=f"hook-clients-{name}-") as scratch:
            home = Path(scratch) / "home"
            if args.home:
                shutil.copytree(args.home, home, symlinks=True)
                _rehome_codex_trust(home, args.home.resolve())
            else:
                home.mkdir()
            reports.append(CHECKS[name](binary, project, home, args.marker, args.timeout))
    if args.json:
        print(json.dumps([asdict(r) for r in reports], indent=2))
    else:
        for r in reports:
            if not r.installed:
                print(f"{r.client}: skipped, not installed")
                continue
            print(f"{r.client} {r.version}")
            print(f"  command:  {' '.join(r.command)}  (exit {r.exit_code})")
            print(
                f"  entry:    {'found' if r.entry_found else 'missing'}"
                f"; listed: {r.listed}; accepted: {r.accepted}"
            )
            for note in r.notes:
                print(f"  - {note}")
    if not any(r.installed for r in reports):
        print("no client installed: nothing was checked")
    return 0 if all(r.accepted for r in reports if r.installed) else 1


if __name__ == "__main__":
    sys.exit(main())
