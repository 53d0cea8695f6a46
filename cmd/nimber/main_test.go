package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"nimber/internal/golden"
	"nimber/problems"
	"nimber/registry"
)

// nimber runs the command line in-process and returns its exit status,
// standard output and standard error.
func nimber(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// output runs nimber with args, fails the test unless it exits with status
// 0, and returns what it printed.
func output(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := nimber(t, "", args...)
	if code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errOut)
	}
	return out
}

// printsAll runs nimber with args (output) and checks that what it
// printed contains each of want. It returns what it printed.
func printsAll(t *testing.T, args []string, want ...string) string {
	t.Helper()
	out := output(t, args...)
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%q: no %q in\n%s", args, w, out)
		}
	}
	return out
}

// refused runs nimber with args and checks that it fails as bad input must:
// exit status 2, nothing on standard output, and one line on standard error
// that contains want. It returns that line.
func refused(t *testing.T, want string, args ...string) string {
	t.Helper()
	code, out, errOut := nimber(t, "", args...)
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want) {
		t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", args, code, out, errOut, want)
	}
	return errOut
}

// succeeds runs nimber with args and checks that it exits with status 0.
func succeeds(t *testing.T, args ...string) {
	t.Helper()
	if code, _, errOut := nimber(t, "", args...); code != 0 {
		t.Errorf("%q: exit %d, %s", args, code, errOut)
	}
}

// TestSolveOfficialData checks that solve prints the official output byte
// for byte, for every official input of every problem.
func TestSolveOfficialData(t *testing.T) {
	dirs := map[string]string{
		"bacterial-tactics":   "../../games/bacterial/testdata/official",
		"inventor-outlasting": "../../games/inventor/testdata/official",
		"caos3":               "../../games/caos3/testdata/official",
		"boi2008-game":        "../../games/boi2008/testdata/official",
	}
	for problem, dir := range dirs {
		for _, in := range golden.Glob(t, filepath.Join(dir, "*.in")) {
			want := golden.Read(t, strings.TrimSuffix(in, ".in")+".ans")
			engines := []problems.Engine{problems.Dense}
			if strings.HasSuffix(in, "sample.in") {
				// The game packages check the other engines on all the data.
				p, _ := registry.Problem(problem)
				engines = p.Engines
			}
			for _, engine := range engines {
				code, out, errOut := nimber(t, "", "solve", problem, in, "--engine", string(engine))
				if code != 0 || out != string(want) {
					t.Errorf("solve %s %s --engine %s: exit %d, stderr %q, output differs from the official answer:\n%s", problem, in, engine, code, errOut, out)
				}
			}
		}
	}
}

func TestSolveReadsStandardInput(t *testing.T) {
	in := golden.Read(t, "../../examples/caos3.in")
	code, out, _ := nimber(t, string(in), "solve", "caos3")
	if code != 0 || out != "Asuna\n" {
		t.Fatalf("exit %d, output %q", code, out)
	}
}

// TestBadInput checks that every kind of bad input gets exit status 2, one
// line on stderr naming where and what, and nothing on stdout.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, problem, input, want string
	}{
		{"empty file", "bacterial-tactics", "", "line 1: empty input"},
		{"missing count", "bacterial-tactics", "2 2\n..\n..\n", "line 1: want the number of cases alone"},
		{"non-numeric count", "caos3", "x\n", `line 1, column 1: number of cases "x" is not an integer`},
		{"row too short", "bacterial-tactics", "1\n2 3\n...\n..\n", "case 1, line 4: row 2 has 2 cells, want 3"},
		{"wrong character", "inventor-outlasting", "1\n1 3\nX#X\n", "case 1, line 3, column 2: row 1: character '#'"},
		{"fewer cases", "caos3", "2\n1 1\n^\n", "case 2, line 4: unexpected end of input: announced 2 cases, found 1"},
		{"more cases", "caos3", "1\n1 1\n^\n1 1\n^\n", `line 4: unexpected "1 1" after the 1 announced cases`},
		{"size beyond limits", "bacterial-tactics", "1\n5000 1\n", "case 1, line 2: R = 5000 out of range 1..1000"},
		{"inventor cells beyond limits", "inventor-outlasting", "1\n200 200\n", "case 1, line 2: board 200 x 200 has 40000 cells, limit 10000"},
		{"bad dimensions", "caos3", "1\n3\n", `case 1, line 2: want "R C", got "3"`},
		{"race: no A", "boi2008-game", "1\n2\n..\n.B\n", "test 1, line 3: no A on the board"},
		{"race: two A", "boi2008-game", "1\n3\nA..\n...\n.AB\n", "test 1, line 5, column 2: second A (the first is at row 1, column 1)"},
		{"race: n too small", "boi2008-game", "1\n1\nA\n", "test 1, line 2: n = 1 out of range 2..5000"},
		{"race: ragged row", "boi2008-game", "1\n3\nA..\n..\n..B\n", "test 1, line 4: row 2 has 2 cells, want 3"},
		{"race: not connected", "boi2008-game", "2\n2\nAB\n..\n3\nA#.\n##.\n..B\n", "test 2, line 8, column 3: B cannot be reached from A through white squares"},
		{"race: wrong character", "boi2008-game", "1\n2\nAx\n.B\n", "test 1, line 3, column 2: row 1: character 'x'"},
		{"race: R C header", "boi2008-game", "1\n2 2\nA.\n.B\n", `test 1, line 2: want n, got "2 2"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := nimber(t, tc.input, "solve", tc.problem)
			if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2, no stdout, one line containing %q", code, out, errOut, tc.want)
			}
			if !strings.HasPrefix(errOut, "nimber: standard input: ") {
				t.Fatalf("stderr %q does not name the input", errOut)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"solve"},
		{"solve", "chess", "x.in"},
		{"solve", "caos3", "no-such-file.in"},
		{"solve", "caos3", "a", "b"},
		{"analyze", "caos3", "--engine", "quantum"},
		{"solve", "caos3", "--max-memory", "lots"},
		{"gen"},
		{"gen", "caos3", "--rows", "0"},
		{"gen", "caos3", "--density", "2"}, {"gen", "caos3", "--density", "NaN"}, {"gen", "caos3", "--density", "-0.5"},
		{"gen", "caos3", "--size", "5", "--rows", "3"}, {"gen", "caos3", "--cases", "-1"},
		{"solve", "caos3", "--max-memory", "0.5"}, {"solve", "caos3", "--max-memory", "-1GB"}, {"solve", "caos3", "--max-memory", "NaN"},
		{"table", "knights", "--size", "-3"}, {"sequence", "0.77", "--to", "1e3"},
		{"frobnicate"},
	} {
		code, out, errOut := nimber(t, "1\n1 1\n^\n", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one error line", args, code, out, errOut)
		}
	}
}

func TestMemoryLimitRefusesBeforeAnyOutput(t *testing.T) {
	code, out, errOut := nimber(t, "", "solve", "bacterial-tactics", "../../games/bacterial/testdata/official/set2.in", "--max-memory", "1KiB")
	if code != 2 || out != "" || !strings.Contains(errOut, "over the memory limit of 1.0 KiB") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestAnalyzeJSON(t *testing.T) {
	out := output(t, "analyze", "bacterial-tactics", "../../examples/bacterial-tactics.in", "--json")
	var got []problems.Analysis
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 5 || got[2].Official != "Case #3: 7" || len(got[2].Winning) != 7 || got[2].Outcome != "N" || got[0].Outcome != "P" {
		t.Fatalf("unexpected analysis: %+v", got)
	}
	for _, m := range got[2].Winning {
		if m.Colony != "H" && m.Colony != "V" || m.Row < 1 || m.Col < 1 {
			t.Fatalf("bad move %+v", m)
		}
	}
}

func TestAnalyzeText(t *testing.T) {
	code, out, _ := nimber(t, "", "analyze", "inventor-outlasting", "../../examples/inventor-outlasting.in")
	if code != 0 || !strings.Contains(out, "Case #1 (5 x 7): Grundy value 2, N-position") || !strings.Contains(out, "  row 2, column 4\n") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
}

// TestGenRoundTrip generates inputs for every problem and solves them.
func TestGenRoundTrip(t *testing.T) {
	for _, e := range registry.Problems() {
		p := e.Problem
		in := output(t, "gen", p.Name, "--size", "6", "--cases", "4", "--seed", "3")
		_, again, _ := nimber(t, "", "gen", p.Name, "--size", "6", "--cases", "4", "--seed", "3")
		if again != in {
			t.Fatalf("gen %s is not reproducible", p.Name)
		}
		code, out, errOut := nimber(t, in, "solve", p.Name)
		if code != 0 || strings.Count(out, "\n") != 4 {
			t.Fatalf("solve of generated %s input: exit %d, %s\n%s", p.Name, code, errOut, out)
		}
	}
}

func TestHelpHasExamples(t *testing.T) {
	for _, cmd := range []string{"solve", "analyze", "gen"} {
		code, out, _ := nimber(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "nimber "+cmd) {
			t.Errorf("%s --help: exit %d, output:\n%s", cmd, code, out)
		}
	}
	code, out, _ := nimber(t, "", "solve", "--list")
	if code != 0 || !strings.Contains(out, "bacterial-tactics") || !strings.Contains(out, "caos3") || !strings.Contains(out, "inventor-outlasting") {
		t.Fatalf("solve --list: %s", out)
	}
}
