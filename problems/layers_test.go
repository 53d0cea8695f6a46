package problems

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoImportOfLaterLayers checks that problems, a layer-3 package of
// docs/ARCHITECTURE.md, depends on no package of the layers after it (the
// games, the registry, the front ends), directly or through another nimber
// package: the games import problems, never the other way round.
func TestNoImportOfLaterLayers(t *testing.T) {
	later := []string{"nimber/games", "nimber/registry", "nimber/play", "nimber/cmd", "nimber/web"}
	deps := moduleDeps(t, "nimber/problems")
	for pkg, via := range deps {
		for _, l := range later {
			if pkg == l || strings.HasPrefix(pkg, l+"/") {
				t.Errorf("problems depends on %s (imported by %s)", pkg, via)
			}
		}
	}
	if _, ok := deps["nimber/grid"]; !ok {
		t.Errorf("problems no longer imports nimber/grid: the walk of imports is broken, or this test is out of date")
	}
}

// moduleDeps returns the nimber packages that root depends on, each with a
// package that imports it, read from the non-test Go files of the module
// (the working directory is root's folder, one below the module's).
func moduleDeps(t *testing.T, root string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	deps := map[string]string{}
	queue := []string{root}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		dir := filepath.Join("..", filepath.FromSlash(strings.TrimPrefix(pkg, "nimber/")))
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("package %s: no Go files in %s (%v)", pkg, dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					t.Fatal(err)
				}
				if path != "nimber" && !strings.HasPrefix(path, "nimber/") {
					continue
				}
				if _, seen := deps[path]; !seen {
					deps[path] = pkg
					queue = append(queue, path)
				}
			}
		}
	}
	return deps
}
