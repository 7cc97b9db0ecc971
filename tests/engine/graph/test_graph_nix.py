"""Nix imports in the import graph: ``import ./x.nix``, ``callPackage ./dir { }`` and a
module's ``imports = [ ... ]`` reach files relative to the importer (a directory is its
``default.nix``); search paths (``<nixpkgs>``), absolute paths and missing files stay
edges without a target, never a file found by name elsewhere."""

from __future__ import annotations

import prx
from prx.engine.graph.imports import ImportGraph

NIX = {
    "flake.nix": (
        "{\n"
        "  outputs = { self, nixpkgs }: {\n"
        "    lib = import ./lib { };\n"
        "    hello = nixpkgs.legacyPackages.x86_64-linux.callPackage ./pkgs/hello.nix { };\n"
        "  };\n"
        "}\n"
    ),
    "lib/default.nix": "{ }:\nlet\n  utils = import ./utils.nix;\nin\nutils\n",
    "lib/utils.nix": "{ id = x: x; }\n",
    "pkgs/hello.nix": '{ stdenv }:\nstdenv.mkDerivation { pname = "hello"; }\n',
    "modules/home.nix": (
        "{ pkgs, ... }:\n"
        "{\n"
        "  imports = [ ./git.nix ../lib <nixpkgs/nixos/modules/misc/x.nix> ];\n"
        "  config = import /etc/nixos/hardware.nix;\n"
        "  extra = import ./missing.nix;\n"
        "  pkgs' = import <nixpkgs> { };\n"
        "}\n"
    ),
    "modules/git.nix": "{ }\n",
    # What an unresolved import must not be guessed to be: same names, elsewhere.
    "nixpkgs/default.nix": "{ }\n",
    "etc/nixos/hardware.nix": "{ }\n",
    "other/missing.nix": "{ }\n",
}


def _graph(make_repo):
    root = make_repo(NIX)
    return ImportGraph.build(prx.Workspace(root), str(root))


def test_import_and_call_package_reach_files_and_directories(make_repo):
    graph = _graph(make_repo)
    assert [(e.line, e.module, e.target) for e in graph.edges_from("flake.nix")] == [
        (3, "./lib", "lib/default.nix"),
        (4, "./pkgs/hello.nix", "pkgs/hello.nix"),
    ]
    assert graph.imports_of("lib/default.nix") == ("lib/utils.nix",)


def test_a_module_imports_list_reaches_its_modules(make_repo):
    graph = _graph(make_repo)
    assert graph.imports_of("modules/home.nix") == ("lib/default.nix", "modules/git.nix")
    assert graph.importers_of("lib/default.nix") == ("flake.nix", "modules/home.nix")


def test_search_absolute_and_missing_paths_stay_unresolved(make_repo):
    graph = _graph(make_repo)
    unresolved = [e.module for e in graph.edges_from("modules/home.nix") if e.target is None]
    assert unresolved == [
        "nixpkgs/nixos/modules/misc/x.nix",
        "/etc/nixos/hardware.nix",
        "./missing.nix",
        "nixpkgs",
    ]
