"""Verilog, VHDL and Fortran imports in the import graph.

A VHDL ``use work.pkg.all``, a Fortran ``use mod`` and a SystemVerilog ``import pkg::*``
name a unit, not a path: it is found in the file named after it, else in the file whose
text defines it (``package string_ptr_pkg is`` in ``string_ptr.vhd``, ``module m_geom`` in
``geometry.f90``). Verilog ```include "x.vh"`` and Fortran ``include 'x.h'`` are paths,
first beside the including file. Libraries no file of the repository defines (``ieee``,
``iso_fortran_env``, ``uvm_pkg``) and missing files stay edges without a target.
"""

from __future__ import annotations

import prx
from prx.engine.graph.imports import ImportGraph

VHDL = {
    "src/queue_pkg.vhd": (
        "library ieee;\n"
        "use ieee.std_logic_1164.all;\n"
        "use work.string_ptr_pkg.all;\n"
        "use work.codec_pkg.encode;\n"
        "use work.missing_pkg.all;\n"
        "package queue_pkg is\nend package;\n"
    ),
    # Named after its package: found by name alone.
    "src/codec_pkg.vhd": "package codec_pkg is\nend package;\n",
    # Named otherwise: found by the package it declares (the body is no declaration).
    "src/string_ptr.vhd": "PACKAGE String_Ptr_Pkg IS\nend package;\n",
    "src/string_ptr-body.vhd": "package body string_ptr_pkg is\nend package body;\n",
    "test/tb_queue.vhd": (
        "library vunit_lib;\ncontext vunit_lib.vunit_context;\nuse work.queue_pkg.all;\n"
        "entity tb_queue is\nend entity;\n"
    ),
    # What an external library must not be guessed to be: a file of the same stem.
    "doc/std_logic_1164.txt": "not VHDL\n",
}

FORTRAN = {
    "src/geometry.f90": "module m_geom\n  implicit none\nend module m_geom\n",
    "src/stdlib_io.f90": (
        "module stdlib_io\n  use m_geom, only: point\n  include 'consts.inc'\nend module\n"
    ),
    "src/consts.inc": "integer, parameter :: n = 3\n",
    "test/test_io.f90": (
        "program tester\n"
        "  use, intrinsic :: iso_fortran_env, only: error_unit\n"
        "  use stdlib_io, only: open\n"
        "  use testdrive\n"
        "end program tester\n"
    ),
    # `module procedure` in a file of this name defines no module `testdrive`.
    "src/impl.f90": "submodule (m_geom) impl\ncontains\n  module procedure testdrive\n  end procedure\nend submodule\n",
}

VERILOG = {
    "rtl/top.v": '`include "defs.vh"\n`include "missing.vh"\nmodule top;\nendmodule\n',
    "rtl/defs.vh": "`define W 8\n",
    "include/defs.vh": "`define W 16\n",
    "tb/tb_top.sv": (
        'import bus_pkg::*;\nimport uvm_pkg::*;\n`include "defs.vh"\nmodule tb_top;\nendmodule\n'
    ),
    "rtl/types.sv": "package bus_pkg;\n  typedef logic [7:0] byte_t;\nendpackage\n",
}


def _graph(make_repo, files):
    root = make_repo(files)
    return ImportGraph.build(prx.Workspace(root), str(root))


def _edges(graph, path):
    return [(e.line, e.module, e.target) for e in graph.edges_from(path)]


def test_vhdl_use_clauses_reach_the_file_declaring_the_package(make_repo):
    graph = _graph(make_repo, VHDL)
    assert _edges(graph, "src/queue_pkg.vhd") == [
        (2, "ieee.std_logic_1164", None),
        (3, "work.string_ptr_pkg", "src/string_ptr.vhd"),
        (4, "work.codec_pkg", "src/codec_pkg.vhd"),
        (5, "work.missing_pkg", None),
    ]
    assert graph.imports_of("test/tb_queue.vhd") == ("src/queue_pkg.vhd",)
    assert graph.importers_of("src/string_ptr-body.vhd") == ()


def test_fortran_use_reaches_the_module_and_include_a_path(make_repo):
    graph = _graph(make_repo, FORTRAN)
    assert _edges(graph, "src/stdlib_io.f90") == [
        (2, "m_geom", "src/geometry.f90"),
        (3, "consts.inc", None),  # a file of no language is no Fortran source
    ]
    assert _edges(graph, "test/test_io.f90") == [
        (2, "iso_fortran_env", None),
        (3, "stdlib_io", "src/stdlib_io.f90"),
        (4, "testdrive", None),
    ]


def test_verilog_includes_are_paths_and_package_imports_names(make_repo):
    graph = _graph(make_repo, VERILOG)
    assert _edges(graph, "rtl/top.v") == [
        (1, "defs.vh", "rtl/defs.vh"),
        (2, "missing.vh", None),
    ]
    edges = _edges(graph, "tb/tb_top.sv")
    assert edges[:2] == [(1, "bus_pkg", "rtl/types.sv"), (2, "uvm_pkg", None)]
    # Not beside the includer: one of the two files of that path, never a silent guess.
    (include,) = [e for e in graph.edges_from("tb/tb_top.sv") if e.module == "defs.vh"]
    assert include.target in ("include/defs.vh", "rtl/defs.vh")
    assert include.confidence < 1


def test_the_definition_scan_reads_no_file_through_a_link_out_of_the_root(make_repo, tmp_path):
    # A hostile repository: a .vhd file that is a link to a file outside it, whose text
    # would define the package, named in the file table (as an index entry may be). The
    # scan opens files beneath the root only.
    from prx.engine.graph.resolve import Resolver

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.vhd").write_text("package secret_pkg is\nend package;\n")
    root = make_repo({"src/user.vhd": "use work.secret_pkg.all;\n"})
    (root / "src" / "linked.vhd").symlink_to(outside / "secret.vhd")
    files = {"src/user.vhd": "vhdl", "src/linked.vhd": "vhdl"}
    resolver = Resolver(files, str(root))
    assert resolver.configs.read("src/linked.vhd") is None
    assert resolver.configs.read("src/user.vhd") == b"use work.secret_pkg.all;\n"
    raw = ("work.secret_pkg", 1, "use work.secret_pkg.all;", ())
    assert resolver.resolve_import("src/user.vhd", "vhdl", raw) == []
