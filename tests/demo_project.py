"""A small project (Python, TypeScript, a test, a README) shared by the search and index
tests: ``make_repo(FILES)``."""

from __future__ import annotations

FILES = {
    "auth/login.py": '''"""Login and session handling."""

from auth.tokens import issue_token


class SessionStore:
    """Keeps active sessions in memory."""

    def __init__(self):
        self.sessions = {}

    def open_session(self, user_id):
        token = issue_token(user_id)
        self.sessions[token] = user_id
        return token


def authenticate_user(name, password):
    """Check a password and open a session for the user."""
    if not verify_password(name, password):
        raise PermissionError("bad password")
    return SessionStore().open_session(name)


def verify_password(name, password):
    return password == "secret-" + name
''',
    "auth/tokens.py": '''import hashlib

MAX_TOKEN_AGE = 3600


def issue_token(user_id):
    """Create a signed token for a user."""
    return hashlib.sha256(str(user_id).encode()).hexdigest()
''',
    "billing/invoice.py": '''class InvoiceRenderer:
    """Render invoices to PDF and compute the tax total."""

    def render(self, invoice):
        return "pdf:" + str(self.tax_total(invoice))

    def tax_total(self, invoice):
        return sum(line.amount * 0.21 for line in invoice.lines)
''',
    "web/server.ts": """export function startServer(port: number): void {
  console.log("listening on " + port);
}

export class RequestRouter {
  route(path: string): string {
    return path.toUpperCase();
  }
}
""",
    "tests/test_login.py": """from auth.login import authenticate_user


def test_authenticate_user():
    assert authenticate_user("ann", "secret-ann")
""",
    "README.md": "# Demo\n\nA demo of login, tokens and invoices.\n",
}
