"""Runs last (conftest orders ``test_zz_*`` files after the rest): nothing in the whole
suite so far opened a network socket."""


def test_no_socket_was_opened_during_the_suite(netguard_log):
    assert netguard_log.read_text() == ""
