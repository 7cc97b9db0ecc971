"""Record the golden cases of build, coverage and infrastructure tools (see record.py).

    python tests/golden/runs/record_build.py              # every tool that runs here
    python tests/golden/runs/record_build.py terraform mvn

Same layout and rules as record.py: a generated project in a temporary directory, the
command's real output saved with the directory written as ``<TMP>``, and ``truth.json`` derived
from the tool's own machine-readable report on an identical copy of the project:

* pytest-cov: ``--junitxml`` + pytest's reports (record.py) and ``--cov-report=json``;
* jest-cov: ``jest --json`` and istanbul's ``json-summary`` reporter;
* go-cover: the ``-coverprofile`` file (covered statements / statements);
* cargo-build, cargo-clippy: ``--message-format=json``;
* npm-ls: ``npm ls --json``;
* terraform: ``validate -json``, ``show -json`` of the saved plan, ``apply -json``;
* docker-build: the Docker Engine API's JSON build stream (``POST /build``), which the legacy
  builder's console output is rendered from; logs: the records the container's script emits;
* mvn: surefire's ``TEST-*.xml`` reports, ``javac -XDrawDiagnostics`` for compile errors;
* gradle: the JUnit XML under ``build/test-results``;
* kubectl (no cluster here: the client runs against nothing, as it would against a server that
  is down): ``-o json`` of the same generator command for ``create --dry-run=client``; for a
  failed command, its exit status and stderr, client-go's own klog records set aside (every
  other stderr line of a failed kubectl is an error it reports).

Requirements beyond record.py's: pytest-cov in the interpreter named by ``PRX_GOLDEN_COV_PYTHON``
(default ``/tmp/prxtools/covenv/bin/python``); a Docker daemon (``dockerd`` from Debian's
docker.io works offline: the images are built ``FROM scratch`` with Debian's static busybox);
Maven with its plugins already in ``~/.m2`` (run offline, ``-o``); Debian's ``gradle`` 4.4.
"""

from __future__ import annotations

import functools
import http.client
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from record import GO_CALC, GO_ENV, GO_PASSING, HERE, Case, Files, pytest_truth, rel, run, severity_counts
from record import record as record_case

COV_PY = os.environ.get("PRX_GOLDEN_COV_PYTHON", "/tmp/prxtools/covenv/bin/python")
JS_NODE_MODULES = Path(os.environ.get("PRX_GOLDEN_NODE_MODULES", "/tmp/prxtools/node_modules"))
BUSYBOX = shutil.which("busybox") or "/bin/busybox"

# --------------------------------------------------------------------------- coverage


def pytest_cov_truth(case: Case, root: Path) -> dict[str, Any]:
    report = root / ".cov.json"
    twin = Case(case.tool, case.name, [*case.argv, f"--cov-report=json:{report}"], env=case.env)
    truth = pytest_truth(twin, root)
    data = json.loads(report.read_text())
    truth["source"] += " + --cov-report=json"
    truth["coverage"] = {
        "total": data["totals"]["percent_covered"],
        "rows": {name: f["summary"]["percent_covered"] for name, f in data["files"].items()},
        "tolerance": 1.0,  # the table rounds to whole percents (never up to 100)
    }
    return truth


def jest_cov_truth(case: Case, root: Path) -> dict[str, Any]:
    out, cov = root / ".truth.json", root / ".cov"
    run([*case.argv, "--json", f"--outputFile={out}", "--coverageReporters=json-summary", f"--coverageDirectory={cov}"], root)
    report = json.loads(out.read_text())
    summary = json.loads((cov / "coverage-summary.json").read_text())
    counts = {
        "passed": report["numPassedTests"],
        "failed": report["numFailedTests"],
        "skipped": report["numPendingTests"] + report.get("numTodoTests", 0),
    }
    failures = [
        {"name": " > ".join([*t["ancestorTitles"], t["title"]])}
        for suite in report["testResults"]
        for t in suite["assertionResults"]
        if t["status"] == "failed"
    ]
    rows = {rel(k, root): v["lines"]["pct"] for k, v in summary.items() if k != "total"}
    return {
        "source": "jest --json + istanbul json-summary",
        "counts": counts,
        "failures": failures,
        "coverage": {"total": summary["total"]["lines"]["pct"], "rows": rows, "tolerance": 0.01},
    }


def go_profile(root: Path) -> None:
    env = {**GO_ENV, "GOCACHE": str(root / ".gocache")}
    run(["go", "test", "-coverprofile=cover.out", "./..."], root, env)


def go_cover_truth(case: Case, root: Path) -> dict[str, Any]:
    blocks: dict[str, tuple[int, int]] = {}
    for line in (root / "cover.out").read_text().splitlines()[1:]:
        where, stmts, count = line.rsplit(" ", 2)
        old = blocks.get(where, (0, 0))
        blocks[where] = (int(stmts), max(old[1], int(count)))
    total = sum(s for s, _ in blocks.values())
    covered = sum(s for s, c in blocks.values() if c > 0)
    return {
        "source": "go test -coverprofile (covered statements / statements)",
        "coverage": {"total": round(100 * covered / total, 1), "tolerance": 0.05},
    }


# --------------------------------------------------------------------------- cargo

CARGO_TOML = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\npath = "src/lib.rs"\n'
CARGO_LINTS: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub fn f(x: i32) -> i32 {
            let unused = 3;
            let other = 4;
            if x > 0 { return x } else { return x }
        }

        pub fn g(v: &Vec<i32>) -> usize {
            return v.len();
        }
    """,
}
CARGO_ERRORS: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub fn f() -> usize {
            let s: String = 5;
            let unused = 1;
            undefined_fn(s)
        }
    """,
}
CARGO_CLEAN: Files = {"Cargo.toml": CARGO_TOML, "src/lib.rs": "pub fn one() -> i32 {\n    1\n}\n"}


def cargo_build_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if not a.startswith("--message-format")]
    out = run([*argv, "--message-format=json"], root)
    diagnostics = []
    for line in out.stdout.splitlines():
        item = json.loads(line)
        message = item.get("message") if item.get("reason") == "compiler-message" else None
        if not message or message["level"] not in ("error", "warning"):
            continue
        if message["message"].startswith("aborting due to"):
            continue
        spans = [s for s in message["spans"] if s["is_primary"]]
        diagnostics.append({
            "file": spans[0]["file_name"] if spans else "",
            "line": spans[0]["line_start"] if spans else None,
            "severity": message["level"],
            "code": (message.get("code") or {}).get("code"),
        })
    return {"source": "cargo --message-format=json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}


# --------------------------------------------------------------------------- npm ls


def npm_tree(root: Path) -> None:
    """A hand-made node_modules: one good, one invalid, one extraneous, one missing, nested."""
    mods = root / "node_modules"
    for path, body in {
        "is-number": {"name": "is-number", "version": "7.0.0", "dependencies": {"kind-of": "^6.0.0"}},
        "is-number/node_modules/kind-of": {"name": "kind-of", "version": "6.0.3"},
        "left-pad": {"name": "left-pad", "version": "1.1.0"},
        "stray": {"name": "stray", "version": "0.0.1"},
    }.items():
        (mods / path).mkdir(parents=True)
        (mods / path / "package.json").write_text(json.dumps(body))


def npm_clean_tree(root: Path) -> None:
    mods = root / "node_modules" / "is-number"
    mods.mkdir(parents=True)
    (mods / "package.json").write_text('{"name": "is-number", "version": "7.0.0"}')


NPM_PROBLEMS: Files = {"package.json": '{"name": "demo", "version": "1.0.0", "dependencies": {"is-number": "^7.0.0", "left-pad": "^1.3.0", "chalk": "^5.0.0"}}\n'}
NPM_CLEAN: Files = {"package.json": '{"name": "demo", "version": "1.0.0", "dependencies": {"is-number": "^7.0.0"}}\n'}


def npm_ls_truth(case: Case, root: Path) -> dict[str, Any]:
    argv = [a for a in case.argv if a != "--json"]
    data = json.loads(run([*argv, "--json"], root).stdout)
    items = []
    failures = []

    def walk(deps: dict[str, Any], depth: int) -> None:
        for name, info in deps.items():
            if depth == 0:
                spec = f"{name}@{info.get('version') or info.get('required')}"
                flags = [k for k in ("missing", "invalid", "extraneous") if info.get(k)]
                items.append(f"{spec} ({', '.join(flags)})" if flags else spec)
            failures.extend({"name": name} for _ in info.get("problems", []))
            walk(info.get("dependencies", {}), depth + 1)

    walk(data.get("dependencies", {}), 0)
    return {"source": "npm ls --json", "counts": {"errors": len(data.get("problems", []))}, "failures": failures, "items": items}


# --------------------------------------------------------------------------- terraform

TF_ENV = {"CHECKPOINT_DISABLE": "1", "TF_CLI_CONFIG_FILE": "/dev/null"}
TF_INVALID: Files = {
    "main.tf": """
        resource "terraform_data" "a" {
          input = "hello"
          bogus = 1
        }

        output "o" {
          value = terraform_data.missing.id
        }

        output "p" {
          value = var.nope
        }
    """,
}
TF_VALID: Files = {
    "main.tf": """
        resource "terraform_data" "a" {
          input = "hello"
        }

        resource "terraform_data" "b" {
          input = terraform_data.a.output
        }
    """,
}
TF_CHANGED: Files = {
    "main.tf": """
        resource "terraform_data" "a" {
          input = "changed"
        }

        resource "terraform_data" "c" {
          input = 3
        }
    """,
}


def tf_init(root: Path) -> None:
    result = run(["terraform", "init", "-input=false", "-no-color"], root, TF_ENV)
    if result.returncode != 0:
        raise RuntimeError(result.stdout + result.stderr)


def tf_applied(root: Path) -> None:
    """State with a and b applied, then the configuration changed: a updates, b goes, c comes."""
    tf_init(root)
    run(["terraform", "apply", "-auto-approve", "-input=false", "-no-color"], root, TF_ENV)
    (root / "main.tf").write_text((root / "changed.tf.txt").read_text())


def tf_diagnostics(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for diag in items:
        rng = diag.get("range") or {}
        out.append({"file": rng.get("filename", ""), "line": (rng.get("start") or {}).get("line"), "severity": diag["severity"], "code": None})
    return out


def tf_validate_truth(case: Case, root: Path) -> dict[str, Any]:
    data = json.loads(run(["terraform", "validate", "-json", "-no-color"], root, TF_ENV).stdout)
    return {"source": "terraform validate -json", "counts": {"errors": data["error_count"]}, "diagnostics": tf_diagnostics(data["diagnostics"])}


def tf_plan_truth(case: Case, root: Path) -> dict[str, Any]:
    run(["terraform", "plan", "-out=.truth.plan", "-input=false", "-no-color"], root, TF_ENV)
    plan = json.loads(run(["terraform", "show", "-json", ".truth.plan"], root, TF_ENV).stdout)
    names = {("create",): "create", ("update",): "update", ("delete",): "delete", ("delete", "create"): "replace", ("create", "delete"): "replace", ("read",): "read"}
    items = [f"{rc['address']} {names[tuple(rc['change']['actions'])]}" for rc in plan.get("resource_changes", []) if rc["change"]["actions"] != ["no-op"]]
    return {"source": "terraform show -json <saved plan>", "counts": {"errors": 0}, "diagnostics": [], "items": items}


def tf_apply_truth(case: Case, root: Path) -> dict[str, Any]:
    out = run(["terraform", "apply", "-auto-approve", "-input=false", "-json"], root, TF_ENV).stdout
    diagnostics = [json.loads(x)["diagnostic"] for x in out.splitlines() if '"type":"diagnostic"' in x]
    errors = sum(1 for d in diagnostics if d["severity"] == "error")
    return {"source": "terraform apply -json", "counts": {"errors": errors}, "diagnostics": tf_diagnostics(diagnostics)}


# --------------------------------------------------------------------------- docker


class _UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("localhost")
        self.socket_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.socket_path)
        self.sock = sock


def docker_context(root: Path) -> None:
    shutil.copy(BUSYBOX, root / "busybox")


def docker_build_truth(case: Case, root: Path) -> dict[str, Any]:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        tar.add(root, arcname=".")
    conn = _UnixHTTP("/var/run/docker.sock")
    conn.request("POST", "/v1.41/build?rm=1&t=prx-golden-truth", body=buffer.getvalue(), headers={"Content-Type": "application/x-tar"})
    stream = conn.getresponse().read().decode()
    decoder = json.JSONDecoder()
    step = None
    failures = []
    text = stream.strip()
    while text:
        item, end = decoder.raw_decode(text)
        text = text[end:].lstrip()
        line = (item.get("stream") or "").strip()
        if line.startswith("Step "):
            step = line
        if "errorDetail" in item:
            failures.append({"name": step or "docker build"})
    return {"source": "Docker Engine API POST /build (JSON stream)", "counts": {"errors": len(failures)}, "failures": failures}


DOCKER_OK: Files = {"Dockerfile": 'FROM scratch\nCOPY busybox /bin/busybox\nRUN ["/bin/busybox", "--install", "-s", "/bin"]\nRUN echo hello > /greeting\nCMD ["cat", "/greeting"]\n'}
DOCKER_RUN_FAILS: Files = {"Dockerfile": 'FROM scratch\nCOPY busybox /bin/busybox\nRUN ["/bin/busybox", "--install", "-s", "/bin"]\nRUN echo building && ls /no/such/dir\nRUN echo never\n'}
DOCKER_COPY_FAILS: Files = {"Dockerfile": "FROM scratch\nCOPY busybox /bin/busybox\nCOPY missing.txt /missing.txt\n"}

#: (level, message) records the logging container emits, in order; the truth of the logs case.
LOG_RECORDS = [
    ("INFO", "server starting on :8080"),
    ("INFO", "connected to db"),
    ("WARN", "slow query took 1200ms"),
    ("ERROR", "request failed: upstream timeout"),
    ("ERROR", "request failed: upstream timeout"),
    ("ERROR", "request failed: upstream timeout"),
    ("INFO", "retrying"),
    ("FATAL", "giving up after 3 retries"),
]
LOG_CONTAINER = "prx-golden-logs"


def docker_logs_setup(root: Path) -> None:
    docker_context(root)
    script = "".join(f"echo '2026-01-02T03:04:0{i}Z {lvl} {msg}'\n" for i, (lvl, msg) in enumerate(LOG_RECORDS))
    (root / "app.sh").write_text(script)
    (root / "Dockerfile").write_text('FROM scratch\nCOPY busybox /bin/busybox\nRUN ["/bin/busybox", "--install", "-s", "/bin"]\nCOPY app.sh /app.sh\nCMD ["sh", "/app.sh"]\n')
    subprocess.run(["docker", "rm", "-f", LOG_CONTAINER], capture_output=True)
    subprocess.run(["docker", "build", "-q", "-t", LOG_CONTAINER, str(root)], capture_output=True, check=True)
    subprocess.run(["docker", "run", "--network=none", "--name", LOG_CONTAINER, LOG_CONTAINER], capture_output=True, check=True)


def docker_logs_truth(case: Case, root: Path) -> dict[str, Any]:
    items: list[str] = []
    previous: str | None = None
    repeats = 0
    lines = [f"2026-01-02T03:04:0{i}Z {lvl} {msg}" for i, (lvl, msg) in enumerate(LOG_RECORDS) if lvl != "INFO"]
    # Identical consecutive records are listed once with their count (timestamps differ, so none here).
    for line in lines:
        if line == previous:
            repeats += 1
            continue
        if previous is not None:
            items.append(previous + (f" [repeated {repeats} times]" if repeats > 1 else ""))
        previous, repeats = line, 1
    if previous is not None:
        items.append(previous + (f" [repeated {repeats} times]" if repeats > 1 else ""))
    return {"source": "the (level, message) records app.sh emits", "counts": None, "items": items}


# --------------------------------------------------------------------------- maven, gradle

POM = """
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <modelVersion>4.0.0</modelVersion>
      <groupId>demo</groupId><artifactId>calc</artifactId><version>1.0</version>
      <properties>
        <maven.compiler.release>17</maven.compiler.release>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
      </properties>
      <dependencies>
        <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.2</version><scope>test</scope></dependency>
      </dependencies>
      <build><plugins>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
        <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
      </plugins></build>
    </project>
"""
JAVA_CALC = "package demo;\n\npublic class Calc {\n    public static int add(int a, int b) { return a + b; }\n\n    public static int div(int a, int b) { return a / b; }\n}\n"
MVN_TESTS: Files = {
    "pom.xml": POM,
    "src/main/java/demo/Calc.java": JAVA_CALC,
    "src/test/java/demo/CalcTest.java": """
        package demo;

        import static org.junit.jupiter.api.Assertions.*;
        import org.junit.jupiter.api.*;

        class CalcTest {
            @Test void adds() { assertEquals(3, Calc.add(1, 2)); }
            @Test void wrong() { assertEquals(4, Calc.add(1, 2), "one plus two"); }
            @Test void divides() { assertEquals(0, Calc.div(1, 0)); }
            @Test @Disabled("later") void skipped() {}
        }
    """,
    "src/test/java/demo/OtherTest.java": "package demo;\n\nimport static org.junit.jupiter.api.Assertions.*;\nimport org.junit.jupiter.api.*;\n\nclass OtherTest {\n    @Test void ok() { assertTrue(true); }\n}\n",
}
MVN_PASS: Files = {**MVN_TESTS, "src/test/java/demo/CalcTest.java": "package demo;\n\nimport static org.junit.jupiter.api.Assertions.*;\nimport org.junit.jupiter.api.*;\n\nclass CalcTest {\n    @Test void adds() { assertEquals(3, Calc.add(1, 2)); }\n}\n"}
MVN_BROKEN: Files = {**MVN_PASS, "src/main/java/demo/Calc.java": "package demo;\n\npublic class Calc {\n    public static int add(int a, int b) { return a + c; }\n\n    public static String s() { return 1; }\n}\n"}
GRADLE_BUILD = "apply plugin: 'java'\nrepositories { mavenLocal() }\ndependencies { testCompile 'junit:junit:4.13.2' }\n"
GRADLE_TESTS: Files = {
    "build.gradle": GRADLE_BUILD,
    "settings.gradle": "rootProject.name = 'calc'\n",
    "src/main/java/demo/Calc.java": JAVA_CALC,
    "src/test/java/demo/CalcTest.java": """
        package demo;

        import static org.junit.Assert.*;
        import org.junit.*;

        public class CalcTest {
            @Test public void adds() { assertEquals(3, Calc.add(1, 2)); }
            @Test public void wrong() { assertEquals("one plus two", 4, Calc.add(1, 2)); }
            @Test public void divides() { assertEquals(0, Calc.div(1, 0)); }
            @Ignore @Test public void skipped() {}
        }
    """,
}
GRADLE_PASS: Files = {**GRADLE_TESTS, "src/test/java/demo/CalcTest.java": "package demo;\n\nimport static org.junit.Assert.*;\nimport org.junit.*;\n\npublic class CalcTest {\n    @Test public void adds() { assertEquals(3, Calc.add(1, 2)); }\n}\n"}
GRADLE_BROKEN: Files = {**GRADLE_PASS, "src/main/java/demo/Calc.java": MVN_BROKEN["src/main/java/demo/Calc.java"]}


def junit_xml_truth(reports: list[Path], name_of: Any, source: str) -> dict[str, Any]:
    counts = dict.fromkeys(("passed", "failed", "skipped", "errors"), 0)
    failures = []
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            cls, name = case.get("classname", ""), case.get("name", "")
            bad = case.find("failure") if case.find("failure") is not None else case.find("error")
            if case.find("skipped") is not None:
                counts["skipped"] += 1
            elif bad is not None:
                counts["failed" if bad.tag == "failure" else "errors"] += 1
                entry: dict[str, Any] = {"name": name_of(cls, name)}
                simple = cls.rsplit(".", 1)[-1]
                for line in (bad.text or "").splitlines():
                    line = line.strip()
                    if line.startswith(f"at {cls}.") and f"({simple}.java:" in line:
                        entry["file"] = f"{simple}.java"
                        entry["line"] = int(line.rsplit(":", 1)[1].rstrip(")"))
                        break
                failures.append(entry)
            else:
                counts["passed"] += 1
    return {"source": source, "counts": counts, "failures": failures}


def javac_truth(root: Path) -> list[dict[str, Any]]:
    sources = sorted(str(p.relative_to(root)) for p in (root / "src/main/java").rglob("*.java"))
    out = run(["javac", "-XDrawDiagnostics", "-d", str(root / ".javac"), *sources], root)
    by_name = {Path(p).name: p for p in sources}  # -XDrawDiagnostics prints base names
    diagnostics = []
    for line in out.stderr.splitlines():
        parts = line.split(":", 3)
        if len(parts) == 4 and parts[1].isdigit() and parts[3].strip().startswith("compiler.err"):
            diagnostics.append({"file": by_name.get(parts[0], parts[0]), "line": int(parts[1]), "severity": "error", "code": None})
    return diagnostics


def mvn_truth(case: Case, root: Path) -> dict[str, Any]:
    result = run([*case.argv, "-q"], root, case.env)
    reports = sorted((root / "target" / "surefire-reports").glob("TEST-*.xml"))
    if not reports:
        diagnostics = javac_truth(root)
        # javac states its error count ("2 errors"); no test ran, so no test counts.
        counts = {"passed": None, "failed": None, "skipped": None, "errors": len(diagnostics)}
        return {"source": "javac -XDrawDiagnostics (maven-compiler-plugin runs javac)", "counts": counts, "diagnostics": diagnostics}
    return junit_xml_truth(reports, lambda cls, name: f"{cls}.{name}", "surefire TEST-*.xml")


def gradle_truth(case: Case, root: Path) -> dict[str, Any]:
    run(case.argv, root, case.env)
    reports = sorted((root / "build" / "test-results" / "test").glob("TEST-*.xml"))
    if not reports:
        diagnostics = javac_truth(root)
        counts = {"passed": None, "failed": None, "skipped": None, "errors": len(diagnostics)}
        return {"source": "javac -XDrawDiagnostics (gradle's compileJava runs javac)", "counts": counts, "diagnostics": diagnostics}
    truth = junit_xml_truth(reports, lambda cls, name: f"{cls} > {name}", "build/test-results JUnit XML")
    if not truth["failures"]:
        # Gradle's console states no test counts when every test passed; BUILD SUCCESSFUL
        # states that nothing failed to compile.
        truth["counts"] = {"passed": None, "failed": None, "skipped": None, "errors": 0}
        truth["source"] += " (all passed: the console prints no counts)"
    else:
        truth["counts"].pop("errors")
    return truth



# --------------------------------------------------------------------------- kubectl

#: No kubeconfig: kubectl talks to its default, http://localhost:8080, where nothing listens.
KUBE_ENV = {"KUBECONFIG": "/dev/null"}
KUBE_GOOD: Files = {
    "good.yaml": """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: demo-config
        data:
          a: "1"
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          replicas: 2
          selector:
            matchLabels: {app: web}
          template:
            metadata:
              labels: {app: web}
            spec:
              containers:
              - name: web
                image: nginx:1.27
    """,
}
KUBE_BAD: Files = {"bad.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: broken\n data:\n  a: 1\n"}
#: client-go's klog header (``Lmmdd hh:mm:ss.uuuuuu threadid file:line]``): its own log records.
KLOG = re.compile(r"^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d{6}\s+\d+ \S+:\d+\] ")


def kubectl_stderr_truth(case: Case, root: Path, name: str) -> dict[str, Any]:
    """A failed kubectl reports each error as a line of stderr, after client-go's klog records."""
    result = run(case.argv, root, case.env)
    errors = [] if result.returncode == 0 else [
        line for line in result.stderr.splitlines() if line.strip() and not KLOG.match(line)
    ]
    truth: dict[str, Any] = {
        "source": f"kubectl exit status ({result.returncode}) and stderr, klog records set aside",
        "counts": {"errors": len(errors)},
        "failures": [{"name": name, "message": line} for line in errors],
    }
    if case.tool == "logs":
        truth["items"] = []  # nothing reached stdout: there is no container log to list
    return truth


def kubectl_dry_run_truth(case: Case, root: Path) -> dict[str, Any]:
    """``kubectl create <kind> --dry-run=client`` names the object it built; ``-o json`` shows it."""
    printed = "-o" in case.argv
    argv = case.argv[: case.argv.index("-o")] if printed else case.argv
    obj = json.loads(run([*argv, "-o", "json"], root, case.env).stdout)
    group = obj["apiVersion"].rpartition("/")[0]
    resource = obj["kind"].lower() + (f".{group}" if group else "")
    if printed:
        # The object itself is the answer: no result line, no counts, nothing failed.
        return {"source": "kubectl ... -o json (the object printed)", "counts": None, "failures": []}
    return {
        "source": "kubectl ... --dry-run=client -o json (kind, apiVersion, metadata.name)",
        "counts": {"errors": 0},
        "failures": [],
        "items": [f"{resource}/{obj['metadata']['name']} created (dry run)"],
    }


def kube_errors(name: str) -> Any:
    return functools.partial(kubectl_stderr_truth, name=name)


# --------------------------------------------------------------------------- cases

JEST_COV: Files = {
    "package.json": '{"name": "demo", "private": true}\n',
    "src/calc.js": "function add(a, b) { return a + b; }\nfunction div(a, b) {\n  if (b === 0) {\n    throw new Error('div by zero');\n  }\n  return a / b;\n}\nmodule.exports = { add, div };\n",
    "src/util/fmt.js": "exports.fmt = (x) => `${x}`;\nexports.unused = (x) => x * 2;\n",
    "test/calc.test.js": "const { add, div } = require('../src/calc');\nconst { fmt } = require('../src/util/fmt');\ntest('add', () => { expect(add(1, 2)).toBe(3); });\ntest('div', () => { expect(div(4, 2)).toBe(3); });\ntest('fmt', () => { expect(fmt(1)).toBe('1'); });\n",
}
PY_COV: Files = {
    "calc/__init__.py": "",
    "calc/ops.py": "def add(a, b):\n    return a + b\n\n\ndef div(a, b):\n    if b == 0:\n        raise ZeroDivisionError(\"b\")\n    return a / b\n\n\ndef unused(x):\n    return x * 2\n",
    "calc/full.py": "def one():\n    return 1\n",
    "tests/test_ops.py": "from calc.full import one\nfrom calc.ops import add, div\n\n\ndef test_add():\n    assert add(1, 2) == 3\n\n\ndef test_div():\n    assert div(4, 2) == 3\n\n\ndef test_one():\n    assert one() == 1\n",
}


def link_node_modules(root: Path) -> None:
    (root / "node_modules").symlink_to(JS_NODE_MODULES)


MVN = ["mvn", "-o", "-B"]
#: Maven and Gradle read the local repository under the real home (the recorder's HOME is empty).
JVM_ENV = {
    "MAVEN_OPTS": f"-Dmaven.repo.local={Path.home()}/.m2/repository",
    "GRADLE_OPTS": f"-Dmaven.repo.local={Path.home()}/.m2/repository",
}
CASES: list[Case] = [
    Case("pytest-cov", "term_missing_fail", [COV_PY, "-m", "pytest", "-p", "no:cacheprovider", "--cov=calc", "--cov-report=term-missing"], PY_COV, truth=pytest_cov_truth),
    Case("pytest-cov", "branch", [COV_PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--cov=calc", "--cov-branch"], PY_COV, truth=pytest_cov_truth),
    Case("jest-cov", "fail_coverage", ["npx", "jest", "--coverage"], JEST_COV, setup=link_node_modules, truth=jest_cov_truth),
    Case("go-cover", "func_pass", ["go", "tool", "cover", "-func=cover.out"], GO_PASSING, setup=go_profile, truth=go_cover_truth, env=GO_ENV),
    Case("go-cover", "func_failing_pkg", ["go", "tool", "cover", "-func=cover.out"], GO_CALC, setup=go_profile, truth=go_cover_truth, env=GO_ENV),
    Case("cargo-build", "errors", ["cargo", "build", "--offline"], CARGO_ERRORS, truth=cargo_build_truth),
    Case("cargo-build", "check_clean", ["cargo", "check", "--offline"], CARGO_CLEAN, truth=cargo_build_truth),
    Case("cargo-build", "errors_json", ["cargo", "build", "--offline", "--message-format=json"], CARGO_ERRORS, truth=cargo_build_truth),
    Case("cargo-clippy", "lints", ["cargo", "clippy", "--offline"], CARGO_LINTS, truth=cargo_build_truth),
    Case("npm-ls", "problems", ["npm", "ls"], NPM_PROBLEMS, setup=npm_tree, truth=npm_ls_truth),
    Case("npm-ls", "problems_all", ["npm", "ls", "--all"], NPM_PROBLEMS, setup=npm_tree, truth=npm_ls_truth),
    Case("npm-ls", "problems_json", ["npm", "ls", "--json"], NPM_PROBLEMS, setup=npm_tree, truth=npm_ls_truth),
    Case("npm-ls", "clean", ["npm", "ls"], NPM_CLEAN, setup=npm_clean_tree, truth=npm_ls_truth),
    Case("terraform", "validate_errors", ["terraform", "validate"], TF_INVALID, setup=tf_init, truth=tf_validate_truth, env=TF_ENV),
    Case("terraform", "validate_errors_no_color", ["terraform", "validate", "-no-color"], TF_INVALID, setup=tf_init, truth=tf_validate_truth, env=TF_ENV),
    Case("terraform", "validate_json", ["terraform", "validate", "-json"], TF_INVALID, setup=tf_init, truth=tf_validate_truth, env=TF_ENV),
    Case("terraform", "validate_ok", ["terraform", "validate"], TF_VALID, setup=tf_init, truth=tf_validate_truth, env=TF_ENV),
    Case("terraform", "plan_changes", ["terraform", "plan", "-input=false"], {**TF_VALID, "changed.tf.txt": TF_CHANGED["main.tf"]}, setup=tf_applied, truth=tf_plan_truth, env=TF_ENV),
    Case("terraform", "apply", ["terraform", "apply", "-auto-approve", "-input=false"], TF_VALID, setup=tf_init, truth=tf_apply_truth, env=TF_ENV),
    Case("docker-build", "legacy_ok", ["docker", "build", "-t", "prx-golden-ok", "."], DOCKER_OK, setup=docker_context, truth=docker_build_truth),
    Case("docker-build", "legacy_run_fails", ["docker", "build", "."], DOCKER_RUN_FAILS, setup=docker_context, truth=docker_build_truth),
    Case("docker-build", "legacy_copy_fails", ["docker", "build", "."], DOCKER_COPY_FAILS, setup=docker_context, truth=docker_build_truth),
    Case("logs", "docker_logs", ["docker", "logs", LOG_CONTAINER], setup=docker_logs_setup, truth=docker_logs_truth),
    Case("mvn", "test_failures", [*MVN, "test"], MVN_TESTS, truth=mvn_truth, env=JVM_ENV),
    Case("mvn", "test_pass", [*MVN, "test"], MVN_PASS, truth=mvn_truth, env=JVM_ENV),
    Case("mvn", "compile_error", [*MVN, "compile"], MVN_BROKEN, truth=mvn_truth, env=JVM_ENV),
    Case("gradle", "test_failures", ["gradle", "--offline", "--no-daemon", "test"], GRADLE_TESTS, truth=gradle_truth, env=JVM_ENV),
    Case("gradle", "test_pass", ["gradle", "--offline", "--no-daemon", "test"], GRADLE_PASS, truth=gradle_truth, env=JVM_ENV),
    Case("gradle", "compile_error", ["gradle", "--offline", "--no-daemon", "build"], GRADLE_BROKEN, truth=gradle_truth, env=JVM_ENV),
    Case("kubectl", "get_refused", ["kubectl", "get", "pods"], truth=kube_errors("kubectl get pods"), env=KUBE_ENV),
    Case("kubectl", "context_missing", ["kubectl", "get", "pods", "--context", "nope"], truth=kube_errors("kubectl get pods"), env=KUBE_ENV),
    Case("kubectl", "apply_unreachable", ["kubectl", "apply", "--dry-run=client", "--validate=false", "-f", "good.yaml"], KUBE_GOOD, truth=kube_errors("kubectl apply"), env=KUBE_ENV),
    Case("kubectl", "apply_yaml_error", ["kubectl", "apply", "--dry-run=client", "--validate=false", "-f", "bad.yaml"], KUBE_BAD, truth=kube_errors("kubectl apply"), env=KUBE_ENV),
    Case("kubectl", "create_dry_run", ["kubectl", "create", "deployment", "web", "--image=nginx:1.27", "--dry-run=client"], truth=kubectl_dry_run_truth, env=KUBE_ENV),
    Case("kubectl", "create_dry_run_json", ["kubectl", "create", "deployment", "web", "--image=nginx:1.27", "--dry-run=client", "-o", "json"], truth=kubectl_dry_run_truth, env=KUBE_ENV),
    Case("logs", "kubectl_refused", ["kubectl", "logs", "web-0"], truth=kube_errors("kubectl logs web-0"), env=KUBE_ENV),
]
REQUIRES = {"pytest-cov": COV_PY, "jest-cov": str(JS_NODE_MODULES / ".bin" / "jest"), "go-cover": "go", "cargo-build": "cargo", "cargo-clippy": "cargo-clippy", "npm-ls": "npm", "logs": "docker", "logs/kubectl_refused": "kubectl"}


def main(selected: list[str]) -> int:
    for case in CASES:
        if selected and case.tool not in selected and f"{case.tool}/{case.name}" not in selected:
            continue
        needs = REQUIRES.get(f"{case.tool}/{case.name}", REQUIRES.get(case.tool, case.argv[0]))
        if shutil.which(needs) is None and not Path(needs).exists():
            print(f"skip {case.tool}/{case.name}: {needs} is not installed")
            continue
        folder = record_case(case)
        argv = json.loads((folder / "argv.json").read_text())
        if argv and argv[0] == COV_PY:
            (folder / "argv.json").write_text(json.dumps(["python", *argv[1:]]) + "\n")
        print(f"recorded {folder.relative_to(HERE)} (exit {(folder / 'exit_code').read_text().strip()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
