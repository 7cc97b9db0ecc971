"""Objective-C, Protocol Buffers and GraphQL imports in the import graph.

Objective-C's ``#import "x.h"`` resolves as C's ``#include`` (next to the importer, then
include directories, then a header of that name anywhere, less sure: Xcode's header maps
make every project header importable by its name); ``@import Module`` is a framework module, never a file. A proto
``import "a/b.proto"`` is a path from a proto root, found by path suffix. A GraphQL
``#import "./x.graphql"`` comment is relative to the importer, and a ``~/`` loader alias
is a guess by path suffix. Missing and external imports stay edges without a target,
never a file of the same name elsewhere."""

from __future__ import annotations

import prx
from prx.engine.graph.imports import ImportGraph

FILES = {
    # Objective-C
    "App/AppDelegate.m": (
        '#import "AppDelegate.h"\n'
        '#import "Models/Post.h"\n'
        "#import <Foundation/Foundation.h>\n"
        "#import <Lib/Lib.h>\n"
        "@import UIKit;\n"
        '#import "Shared.h"\n'
        '#import "Missing.h"\n'
        "@implementation AppDelegate\n@end\n"
    ),
    "App/AppDelegate.h": "@interface AppDelegate : NSObject\n@end\n",
    "App/Models/Post.h": "@interface Post : NSObject\n@end\n",
    "App/Models/Post.m": '#import "Post.h"\n@implementation Post\n@end\n',
    "include/Lib/Lib.h": "void lib(void);\n",
    "Shared/Shared.h": "",
    # Protocol Buffers
    "proto/acme/v1/user.proto": (
        'syntax = "proto3";\n'
        "package acme.v1;\n"
        'import "acme/v1/common.proto";\n'
        'import public "google/protobuf/timestamp.proto";\n'
        'import "acme/v1/missing.proto";\n'
        "message User {}\n"
    ),
    "proto/acme/v1/common.proto": 'syntax = "proto3";\nmessage Id {}\n',
    # GraphQL
    "src/queries/user.query.graphql": (
        '#import "./fragments/user.fragment.graphql"\n'
        '#import "~/shared/page_info.fragment.graphql"\n'
        '#import "./missing.graphql"\n'
        "# import is not a directive here\n"
        "query User { user { ...UserFields } }\n"
    ),
    "src/queries/fragments/user.fragment.graphql": "fragment UserFields on User { id }\n",
    "app/assets/javascripts/shared/page_info.fragment.graphql": (
        "fragment PageInfo on PageInfo { hasNextPage }\n"
    ),
    # What an unresolved import must not be guessed to be: same names, elsewhere.
    "vendor/UIKit/UIKit.h": "",
    "docs/missing.proto": 'syntax = "proto3";\n',
    "other/missing.graphql": "scalar X\n",
}


def _graph(make_repo):
    root = make_repo(FILES)
    return ImportGraph.build(prx.Workspace(root), str(root))


def test_objc_imports_resolve_as_c_includes(make_repo):
    graph = _graph(make_repo)
    assert [(e.line, e.module, e.target) for e in graph.edges_from("App/AppDelegate.m")] == [
        (1, "AppDelegate.h", "App/AppDelegate.h"),
        (2, "Models/Post.h", "App/Models/Post.h"),
        (3, "Foundation/Foundation.h", None),
        (4, "Lib/Lib.h", "include/Lib/Lib.h"),
        (5, "UIKit", None),
        (6, "Shared.h", "Shared/Shared.h"),
        (7, "Missing.h", None),
    ]
    # A project header imported by its name from anywhere (Xcode's header maps), as C's
    # last resort: less sure.
    assert [e.confidence for e in graph.edges_from("App/AppDelegate.m")][5] < 1.0
    assert graph.importers_of("App/Models/Post.h") == ("App/AppDelegate.m", "App/Models/Post.m")


def test_proto_imports_are_paths_from_a_proto_root(make_repo):
    graph = _graph(make_repo)
    assert [(e.line, e.module, e.target) for e in graph.edges_from("proto/acme/v1/user.proto")] == [
        (3, "acme/v1/common.proto", "proto/acme/v1/common.proto"),
        (4, "google/protobuf/timestamp.proto", None),
        (5, "acme/v1/missing.proto", None),
    ]


def test_graphql_import_comments_are_relative_or_an_alias(make_repo):
    graph = _graph(make_repo)
    edges = graph.edges_from("src/queries/user.query.graphql")
    assert [(e.line, e.module, e.target) for e in edges] == [
        (1, "./fragments/user.fragment.graphql", "src/queries/fragments/user.fragment.graphql"),
        (
            2,
            "~/shared/page_info.fragment.graphql",
            "app/assets/javascripts/shared/page_info.fragment.graphql",
        ),
        (3, "./missing.graphql", None),
    ]
    # The alias is a guess: less sure than a relative path.
    assert edges[0].confidence == 1.0 and edges[1].confidence < 1.0
