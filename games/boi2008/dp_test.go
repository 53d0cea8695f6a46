package boi2008

import (
	"context"
	"strings"
	"testing"

	"nimber/grid"
)

func TestSolveStatementExample(t *testing.T) {
	cases, err := grid.Parse(strings.NewReader("2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n"), Spec)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []Player{B, A} {
		b, _ := NewBoard(cases[i])
		v, err := Solve(context.Background(), b)
		if err != nil || v.Winner != want || v.Distance != 6 {
			t.Fatalf("case %d: %+v, %v; want winner %v", i+1, v, err, want)
		}
		e, err := Explain(context.Background(), b, 1<<20)
		if err != nil || e.Winner != want {
			t.Fatalf("case %d explain: %+v, %v", i+1, e, err)
		}
		if want == B && (e.Interception == nil || e.InterceptionMove != 3 || len(e.Line) != 6 || e.Line[4] != e.Line[5]) {
			t.Fatalf("case %d: B wins but line %+v", i+1, e)
		}
		if want == A && e.FirstMove == nil {
			t.Fatalf("case %d: A wins without a first move", i+1)
		}
	}
}
