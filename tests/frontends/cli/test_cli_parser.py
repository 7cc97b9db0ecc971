"""The generated argument parser."""

from __future__ import annotations

import pytest

from prx.commands.diff.operation import DIFF
from prx.commands.exists.operation import EXISTS
from prx.commands.find.operation import FIND
from prx.commands.read.operation import READ
from prx.core.errors import InvalidArgumentError
from prx.frontends.cli.parser import params_from_mapping, parse_params


def test_flags_values_and_inline_values():
    p = parse_params(READ, ["a.py", "--lines=3-4", "--budget", "500", "--hash"])
    assert (p.path, p.lines, p.budget, p.hash_only) == ("a.py", "3-4", 500, True)


def test_repeated_list_flag_and_positional_after_double_dash():
    p = parse_params(FIND, ["--pattern", "*.py", "--pattern=*.md", "--", "-odd-dir"])
    assert p.pattern == ("*.py", "*.md") and p.path == "-odd-dir"


def test_optional_positionals_keep_defaults():
    p = parse_params(EXISTS, ["needle"])
    assert (p.pattern, p.path, p.mode) == ("needle", ".", "auto")


@pytest.mark.parametrize(
    ("op", "argv", "fragment"),
    [
        (READ, ["a.py", "--budget", "lots"], "expected an integer"),
        (READ, ["a.py", "--lines"], "expected a value"),
        (READ, ["a.py", "--hash=yes"], "takes no value"),
        (READ, [], "required"),
        (READ, ["a.py", "b.py"], "unrecognized arguments: b.py"),
        (EXISTS, ["x", "--mode", "fuzzy"], "invalid choice"),
    ],
)
def test_usage_errors(op, argv, fragment):
    with pytest.raises(InvalidArgumentError, match=fragment) as info:
        parse_params(op, argv)
    assert info.value.exit_code == 2 and "--help" in info.value.suggestion


def test_a_list_positional_without_rest_leaves_flags_to_the_parser():
    p = parse_params(DIFF, ["a.py", "--staged", "b.py", "--rev=HEAD~1", "--", "--odd.py"])
    assert (p.paths, p.staged, p.revision) == (("a.py", "b.py", "--odd.py"), True, "HEAD~1")
    assert parse_params(DIFF, []).paths == ()
    # The default (rest=True, as `prx run`) still takes the line from its first word on.
    from prx.commands.run.operation import RUN

    assert parse_params(RUN, ["pytest", "-q", "--staged"]).command == ("pytest", "-q", "--staged")


def test_help_exits_zero(capsys):
    with pytest.raises(SystemExit) as info:
        parse_params(READ, ["--help"])
    assert info.value.code == 0 and "--if-changed" in capsys.readouterr().out


def test_mapping_accepts_field_flag_and_alias_names():
    p = params_from_mapping(READ, {"file": "a.py", "hash": True, "budget": 300})
    assert (p.path, p.hash_only, p.budget) == ("a.py", True, 300)
    assert params_from_mapping(FIND, {"pattern": "*.py"}).pattern == ("*.py",)
    with pytest.raises(InvalidArgumentError, match="expected int"):
        params_from_mapping(READ, {"path": "a", "budget": True})


def test_parameter_classes_without_future_annotations():
    import dataclasses

    from prx.plugin import Operation, param

    @dataclasses.dataclass(frozen=True)
    class Params:
        name: str = param(help="a name", positional=True)
        loud: bool = param(False, help="shout")
        times: int = param(1, help="repeat")

    op = Operation(name="x", summary="x", func=lambda ws, p: p, params=Params, result=dict)
    assert parse_params(op, ["ann", "--loud", "--times", "3"]) == Params(
        name="ann", loud=True, times=3
    )
