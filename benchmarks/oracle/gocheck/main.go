// Command gocheck type-checks every package of the Go module at ROOT (its tests
// included) with go/types and prints every error as "file:line:col: message", the file
// relative to ROOT.
//
// Unlike `go build`/`go vet`, it goes on past a package with errors: the packages that
// import it are still checked against what it declares, so a name removed from one
// package shows its uses in every other (the oracle of benchmarks/intel_oracle.py).
package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type dirFiles struct {
	path     string // import path
	files    []*ast.File
	internal []*ast.File // _test.go files of the same package
	external []*ast.File // _test.go files of package <name>_test
}

type checker struct {
	fset    *token.FileSet
	root    string
	module  string
	std     types.Importer
	dirs    map[string]*dirFiles // by import path
	checked map[string]*types.Package
	errors  map[string]bool
}

func (c *checker) report(err error) {
	text := err.Error()
	if terr, ok := err.(types.Error); ok {
		pos := c.fset.Position(terr.Pos)
		rel, _ := filepath.Rel(c.root, pos.Filename)
		text = fmt.Sprintf("%s:%d:%d: %s", filepath.ToSlash(rel), pos.Line, pos.Column, terr.Msg)
	}
	c.errors[text] = true
}

type importFunc func(path string) (*types.Package, error)

func (f importFunc) Import(path string) (*types.Package, error) { return f(path) }

// importer imports the module's packages from source (checked once per cache) and the
// others from the installed standard library; override replaces some of the module's
// (an external test imports its package augmented by the internal test files, and so
// does every package it imports that imports that package, as `go test` builds them).
func (c *checker) importer(override map[string]*types.Package, cache map[string]*types.Package) types.Importer {
	return importFunc(func(path string) (*types.Package, error) {
		if pkg, ok := override[path]; ok {
			return pkg, nil
		}
		if _, ok := c.dirs[path]; ok {
			return c.load(path, override, cache), nil
		}
		return c.std.Import(path)
	})
}

func (c *checker) check(path string, files []*ast.File, imp types.Importer) *types.Package {
	conf := types.Config{Importer: imp, Error: c.report}
	pkg, _ := conf.Check(path, c.fset, files, nil)
	return pkg
}

func (c *checker) load(path string, override, cache map[string]*types.Package) *types.Package {
	if pkg, ok := cache[path]; ok {
		if pkg == nil {
			return types.NewPackage(path, "cycle")
		}
		return pkg
	}
	cache[path] = nil
	d := c.dirs[path]
	pkg := c.check(path, d.files, c.importer(override, cache))
	cache[path] = pkg
	return pkg
}

// imports tells whether package from imports package to, directly or not.
func (c *checker) imports(from, to string, seen map[string]bool) bool {
	d, ok := c.dirs[from]
	if !ok || seen[from] {
		return false
	}
	seen[from] = true
	for _, f := range d.files {
		for _, spec := range f.Imports {
			path := strings.Trim(spec.Path.Value, "`\"")
			if path == to || c.imports(path, to, seen) {
				return true
			}
		}
	}
	return false
}

func (c *checker) parseDir(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	rel, _ := filepath.Rel(c.root, dir)
	path := c.module
	if rel != "." {
		path += "/" + filepath.ToSlash(rel)
	}
	d := &dirFiles{path: path}
	var pkgName string
	var tests []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		file, err := parser.ParseFile(c.fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			c.errors[relError(c.root, err.Error())] = true
		}
		if file == nil {
			continue
		}
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, file)
		} else {
			d.files = append(d.files, file)
			pkgName = file.Name.Name
		}
	}
	for _, t := range tests {
		if strings.HasSuffix(t.Name.Name, "_test") && t.Name.Name != pkgName {
			d.external = append(d.external, t)
		} else {
			d.internal = append(d.internal, t)
		}
	}
	if len(d.files)+len(d.internal)+len(d.external) > 0 {
		c.dirs[path] = d
	}
}

func relError(root, text string) string {
	if strings.HasPrefix(text, root+string(filepath.Separator)) {
		return filepath.ToSlash(text[len(root)+1:])
	}
	return text
}

func main() {
	root, _ := filepath.Abs(os.Args[1])
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	module := ""
	for _, line := range strings.Split(string(mod), "\n") {
		if fields := strings.Fields(line); len(fields) == 2 && fields[0] == "module" {
			module = strings.Trim(fields[1], `"`)
		}
	}
	c := &checker{fset: token.NewFileSet(), root: root, module: module,
		std: importer.Default(), dirs: map[string]*dirFiles{},
		checked: map[string]*types.Package{}, errors: map[string]bool{}}
	filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return nil
		}
		name := e.Name()
		if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
			name == "testdata" || name == "vendor") {
			return filepath.SkipDir
		}
		c.parseDir(p)
		return nil
	})
	paths := make([]string, 0, len(c.dirs))
	for p := range c.dirs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		d := c.dirs[p]
		c.load(p, nil, c.checked)
		imp := c.importer(nil, c.checked)
		if len(d.internal) > 0 {
			all := append(append([]*ast.File{}, d.files...), d.internal...)
			augmented := c.check(p, all, imp)
			cache := map[string]*types.Package{}
			for q, pkg := range c.checked {
				if !c.imports(q, p, map[string]bool{}) {
					cache[q] = pkg
				}
			}
			imp = c.importer(map[string]*types.Package{p: augmented}, cache)
		}
		if len(d.external) > 0 {
			c.check(p+"_test", d.external, imp)
		}
	}
	out := make([]string, 0, len(c.errors))
	for e := range c.errors {
		out = append(out, e)
	}
	sort.Strings(out)
	for _, e := range out {
		fmt.Println(e)
	}
}
