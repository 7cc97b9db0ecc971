"""The errors a change added: after minus before, as multisets of (file, code, message),
so errors the project already had do not count, whatever lines the change moved."""

from __future__ import annotations

from prx.core.results.run import Diagnostic
from prx.engine.check.compare import new_errors


def error(file: str, line: int, message: str, code: str | None = None) -> Diagnostic:
    return Diagnostic(file=file, line=line, column=1, severity="error", code=code, message=message)


def test_an_error_the_project_had_is_not_new_even_when_the_change_moved_it():
    before = [error("a.ts", 3, "Cannot find module 'left-pad'.", "TS2307")]
    after = [error("a.ts", 9, "Cannot find module 'left-pad'.", "TS2307")]
    assert new_errors(before, after) == []


def test_an_error_the_change_added_is_new():
    before = [error("a.ts", 3, "Cannot find module 'left-pad'.", "TS2307")]
    added = error("b.ts", 1, "Module './a' has no exported member 'foo'.", "TS2305")
    assert new_errors(before, [*before, added]) == [added]


def test_one_more_of_an_error_already_there_counts_once_at_the_line_it_was_not():
    before = [error("A.java", 4, "cannot find symbol"), error("A.java", 8, "cannot find symbol")]
    after = [*before[:1], error("A.java", 6, "cannot find symbol"), before[1]]
    assert new_errors(before, after) == [after[1]]


def test_positions_inside_a_message_do_not_make_an_old_error_new():
    before = [error("a.rs", 3, "`x` defined at src/a.rs:12:5 is private", "E0603")]
    after = [error("a.rs", 4, "`x` defined at src/a.rs:13:5 is private", "E0603")]
    assert new_errors(before, after) == []


def test_an_error_the_change_removed_is_no_new_error():
    before = [error("a.py", 1, "invalid syntax", "SyntaxError")]
    assert new_errors(before, []) == []


def test_an_old_error_that_names_the_renamed_type_is_not_new_after_the_rename():
    message = 'Argument of type "{}" cannot be assigned to parameter "url" of type "str"'
    before = [error("u.py", 673, message.format("URL"))]
    after = [error("u.py", 673, message.format("Link"))]
    assert new_errors(before, after) == after  # without the names: a new message
    assert new_errors(before, after, renamed=("URL", "Link")) == []
    # A name that merely contains the new one is left as it is.
    other = [error("u.py", 5, '"Linked" is not defined')]
    assert new_errors([], other, renamed=("URL", "Link")) == other
