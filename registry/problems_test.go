package registry

import (
	"context"
	"errors"
	"strings"
	"testing"

	"nimber/problems"
)

// problemList returns every official problem.
func problemList() []*problems.Problem {
	var out []*problems.Problem
	for _, e := range Problems() {
		out = append(out, e.Problem)
	}
	return out
}

func TestProblemLookup(t *testing.T) {
	for _, p := range problemList() {
		got, err := Problem(p.Name)
		if err != nil || got != p {
			t.Fatalf("Problem(%q) = %v, %v", p.Name, got, err)
		}
	}
	if _, err := Problem("chess"); err == nil || !strings.Contains(err.Error(), "bacterial-tactics, boi2008-game, caos3, inventor-outlasting") {
		t.Fatalf("Problem(chess) error = %v", err)
	}
}

// TestExamplesSolve parses each problem's own example and checks that all
// its engines agree on every case.
func TestExamplesSolve(t *testing.T) {
	ctx := context.Background()
	for _, p := range problemList() {
		cases, err := p.Parse(strings.NewReader(p.Example))
		if err != nil {
			t.Fatalf("%s example: %v", p.Name, err)
		}
		var first []problems.Analysis
		for _, e := range p.Engines {
			got, err := p.Analyze(ctx, cases, problems.Options{Engine: e})
			if err != nil {
				t.Fatalf("%s %s: %v", p.Name, e, err)
			}
			for i, a := range got {
				if first != nil && a.Official != first[i].Official {
					t.Fatalf("%s case %d: engine %s says %q, %s says %q", p.Name, i+1, e, a.Official, p.Engines[0], first[i].Official)
				}
				switch {
				case a.Race != nil:
					if a.Official != a.Race.Winner || (a.Race.Winner == "A") != (a.Race.FirstMove != nil) {
						t.Fatalf("%s case %d: %+v", p.Name, i+1, a.Race)
					}
				case a.Grundy != nil:
					n := a.Outcome == "N"
					if n != (*a.Grundy != 0) || n != (len(a.Winning) > 0) || a.Winning == nil {
						t.Fatalf("%s case %d: outcome %s with Grundy %d and %d winning moves", p.Name, i+1, a.Outcome, *a.Grundy, len(a.Winning))
					}
				default:
					t.Fatalf("%s case %d: empty analysis", p.Name, i+1)
				}
			}
			if first == nil {
				first = got
			}
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	p, _ := Problem("bacterial-tactics")
	cases, err := p.Generate(problems.GenOptions{Cases: 3, Rows: 40, Cols: 40, Density: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Analyze(context.Background(), cases, problems.Options{MaxMemory: p.MemoryEstimate(cases[0]) - 1})
	var me *problems.MemoryError
	if !errors.As(err, &me) || me.Case != 1 || !strings.Contains(err.Error(), "case 1: board 40 x 40 needs about") {
		t.Fatalf("err = %v, want a problems.MemoryError for case 1", err)
	}
	if _, err := p.Analyze(context.Background(), cases[:1], problems.Options{MaxMemory: p.MemoryEstimate(cases[0])}); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
}

func TestCancelled(t *testing.T) {
	p, _ := Problem("caos3")
	cases, _ := p.Generate(problems.GenOptions{Cases: 1, Rows: 40, Cols: 40, Density: 0})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Analyze(ctx, cases, problems.Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestGenerateValidates(t *testing.T) {
	p, _ := Problem("inventor-outlasting")
	for _, o := range []problems.GenOptions{
		{Cases: 0, Rows: 3, Cols: 3},
		{Cases: 1, Rows: 0, Cols: 3},
		{Cases: 1, Rows: 3, Cols: 100000},
		{Cases: 1, Rows: 200, Cols: 200},
		{Cases: 1, Rows: 3, Cols: 3, Density: 1.5},
		{Cases: 1, Rows: 3, Cols: 3, Family: "b"},
	} {
		if _, err := p.Generate(o); err == nil {
			t.Errorf("Generate(%+v) succeeded", o)
		}
	}
	a, _ := p.Generate(problems.GenOptions{Cases: 2, Rows: 5, Cols: 6, Density: -1, Seed: 9})
	b, _ := p.Generate(problems.GenOptions{Cases: 2, Rows: 5, Cols: 6, Density: -1, Seed: 9})
	if a[1].String() != b[1].String() || a[0].Rows != 5 || a[0].Cols != 6 {
		t.Fatal("Generate is not reproducible")
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{100: "100 B", 1536: "1.5 KiB", 3 << 30: "3.0 GiB"} {
		if got := problems.FormatBytes(n); got != want {
			t.Errorf("problems.FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnknownEngine(t *testing.T) {
	p, _ := Problem("caos3")
	cases, _ := p.Parse(strings.NewReader(p.Example))
	if _, err := p.Analyze(context.Background(), cases, problems.Options{Engine: "quantum"}); err == nil || !strings.Contains(err.Error(), `unknown engine "quantum"`) {
		t.Fatalf("err = %v", err)
	}
}

func TestGenerateRaceFamilies(t *testing.T) {
	p, _ := Problem("boi2008-game")
	for _, f := range []string{"a", "b", "c"} {
		cases, err := p.Generate(problems.GenOptions{Cases: 4, Rows: 30, Cols: 30, Density: -1, Seed: 2, Family: f})
		if err != nil {
			t.Fatalf("family %s: %v", f, err)
		}
		// Each board twice: A in the corner, then one square right of it,
		// so the two distances differ by one.
		for i := 0; i < 4; i += 2 {
			a, err := p.Analyze(context.Background(), cases[i:i+2], problems.Options{})
			if err != nil {
				t.Fatalf("family %s: %v", f, err)
			}
			if d0, d1 := a[0].Race.Distance, a[1].Race.Distance; d0-d1 != 1 && d1-d0 != 1 {
				t.Fatalf("family %s: distances %d and %d", f, d0, d1)
			}
			if cases[i].At(0, 0) != 'A' || cases[i+1].At(0, 1) != 'A' || cases[i].At(29, 29) != 'B' {
				t.Fatalf("family %s: starts misplaced", f)
			}
		}
	}
	if _, err := p.Generate(problems.GenOptions{Cases: 1, Rows: 5, Cols: 6, Family: "a"}); err == nil {
		t.Fatal("non-square board generated")
	}
	if _, err := p.Generate(problems.GenOptions{Cases: 1, Rows: 5, Cols: 5, Family: "d"}); err == nil {
		t.Fatal("unknown family accepted")
	}
}
