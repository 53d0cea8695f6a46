package boi2008

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game/gametest"
)

// TestRulesBattery runs the shared checks of the game API on small boards
// of the official families: text round trips, SolvePositions against the
// generic retrograde analysis of the reachable positions (outcome and
// remoteness of every position and move), and a depth-bounded search.
func TestRulesBattery(t *testing.T) {
	starts := []string{"A.\n.B\n", "A...\n.#..\n....\n...B\n", "A...\n....\n..#.\n...B\n", "Ab..\n....\n...a\n...B\n\nA to move\n"}
	rng := rand.New(rand.NewPCG(12, 1))
	for i := range 12 {
		fam := []Family{FamilyA, FamilyB, FamilyC}[i%3]
		g, err := Generate(rng, 3+rng.IntN(3), fam, fam.DefaultDensity(), i%2 == 1)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, g.String())
	}
	gametest.Run(t, Game(), starts, gametest.Options{Walks: 4, Seed: 4, SearchLimit: 5000})
}

// TestParsePosition checks Parse, Format and the errors on the cases of
// testdata/positions.txt.
func TestParsePosition(t *testing.T) {
	gametest.CheckParseFile(t, Game(), "testdata/positions.txt")
}

// TestExtraStep checks the move onto the opponent: one move with its extra
// step, after which the other player moves.
func TestExtraStep(t *testing.T) {
	g := Game()
	pos, moves := gametest.Moves(t, g, "A.b\n...\n..B\n")
	if got, want := strings.Join(gametest.Texts(moves), "|"), "A to row 2, column 1|A to row 1, column 2"; got != want {
		t.Fatalf("moves %q, want %q", got, want)
	}
	next, _, err := g.Play(pos, 0, "A to row 1, column 2")
	if err != nil || !strings.HasSuffix(g.Format(next), "B to move\n") {
		t.Fatalf("after a step: %q, %v", g.Format(next), err)
	}
	_, moves = gametest.Moves(t, g, "Ab.\n...\n..B\n")
	found := false
	for _, m := range moves {
		if m.Text == "A to row 1, column 2 onto B, then to row 1, column 3" {
			found = len(m.Cells) == 2
			if f := g.Format(m.Next); !strings.HasPrefix(f, "Aba\n") || !strings.HasSuffix(f, "B to move\n") {
				t.Fatalf("after the extra step: %q", f)
			}
		}
	}
	if !found {
		t.Fatalf("no step onto B with its extra step among %d moves", len(moves))
	}
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(), "A.\n.B", "Ab\n.B\nB to move", "A.\n.B\nA has won", "x")
}
