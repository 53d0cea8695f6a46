package problems

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, p := range List() {
		got, err := Lookup(p.Name)
		if err != nil || got != p {
			t.Fatalf("Lookup(%q) = %v, %v", p.Name, got, err)
		}
	}
	if _, err := Lookup("chess"); err == nil || !strings.Contains(err.Error(), "bacterial-tactics, caos3, inventor-outlasting") {
		t.Fatalf("Lookup(chess) error = %v", err)
	}
}

// TestExamplesSolve parses each problem's own example and checks both
// engines agree on every case.
func TestExamplesSolve(t *testing.T) {
	ctx := context.Background()
	for _, p := range List() {
		cases, err := p.Parse(strings.NewReader(p.Example))
		if err != nil {
			t.Fatalf("%s example: %v", p.Name, err)
		}
		dense, err := p.Analyze(ctx, cases, Options{})
		if err != nil {
			t.Fatal(err)
		}
		generic, err := p.Analyze(ctx, cases, Options{Engine: Generic})
		if err != nil {
			t.Fatal(err)
		}
		for i := range dense {
			d, g := dense[i], generic[i]
			if d.Grundy != g.Grundy || d.Official != g.Official || len(d.Winning) != len(g.Winning) || d.Winning == nil {
				t.Fatalf("%s case %d: dense %+v, generic %+v", p.Name, i+1, d, g)
			}
			if (d.Outcome == "N") != (d.Grundy != 0) || (d.Outcome == "N") != (len(d.Winning) > 0) {
				t.Fatalf("%s case %d: outcome %s with Grundy %d and %d winning moves", p.Name, i+1, d.Outcome, d.Grundy, len(d.Winning))
			}
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	p, _ := Lookup("bacterial-tactics")
	cases, err := p.Generate(GenOptions{Cases: 3, Rows: 40, Cols: 40, Density: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Analyze(context.Background(), cases, Options{MaxMemory: p.MemoryEstimate(cases[0]) - 1})
	var me *MemoryError
	if !errors.As(err, &me) || me.Case != 1 || !strings.Contains(err.Error(), "case 1: board 40 x 40 needs about") {
		t.Fatalf("err = %v, want a MemoryError for case 1", err)
	}
	if _, err := p.Analyze(context.Background(), cases[:1], Options{MaxMemory: p.MemoryEstimate(cases[0])}); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
}

func TestCancelled(t *testing.T) {
	p, _ := Lookup("caos3")
	cases, _ := p.Generate(GenOptions{Cases: 1, Rows: 40, Cols: 40, Density: 0})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Analyze(ctx, cases, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestGenerateValidates(t *testing.T) {
	p, _ := Lookup("inventor-outlasting")
	for _, o := range []GenOptions{
		{Cases: 0, Rows: 3, Cols: 3},
		{Cases: 1, Rows: 0, Cols: 3},
		{Cases: 1, Rows: 3, Cols: 100000},
		{Cases: 1, Rows: 200, Cols: 200},
		{Cases: 1, Rows: 3, Cols: 3, Density: 1.5},
	} {
		if _, err := p.Generate(o); err == nil {
			t.Errorf("Generate(%+v) succeeded", o)
		}
	}
	a, _ := p.Generate(GenOptions{Cases: 2, Rows: 5, Cols: 6, Density: -1, Seed: 9})
	b, _ := p.Generate(GenOptions{Cases: 2, Rows: 5, Cols: 6, Density: -1, Seed: 9})
	if a[1].String() != b[1].String() || a[0].Rows != 5 || a[0].Cols != 6 {
		t.Fatal("Generate is not reproducible")
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{100: "100 B", 1536: "1.5 KiB", 3 << 30: "3.0 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnknownEngine(t *testing.T) {
	p, _ := Lookup("caos3")
	cases, _ := p.Parse(strings.NewReader(p.Example))
	if _, err := p.Analyze(context.Background(), cases, Options{Engine: "quantum"}); err == nil || !strings.Contains(err.Error(), `unknown engine "quantum"`) {
		t.Fatalf("err = %v", err)
	}
}
