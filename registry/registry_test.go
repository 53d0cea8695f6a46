package registry

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/internal/golden"
)

// TestEveryGame opens every entry's example, analyses its example position
// and runs the shared battery of the game API from it.
func TestEveryGame(t *testing.T) {
	for _, e := range Entries() {
		t.Run(e.Name, func(t *testing.T) {
			name := e.ExampleName()
			g, got, err := Lookup(name)
			if err != nil || got != e {
				t.Fatalf("Lookup(%q) = %v, %v", name, got, err)
			}
			pos, err := g.Parse(e.ExamplePosition)
			if err != nil {
				t.Fatalf("example position %q: %v", e.ExamplePosition, err)
			}
			if pg, ok := game.PartizanOf(g); ok {
				testPartizan(t, e, pg, pos)
				return
			}
			if _, err := g.Analyze(context.Background(), pos, game.Options{}); err != nil {
				t.Fatal(err)
			}
			if e.Summary == "" || e.Format == "" || strings.Contains(e.Summary, "\n") {
				t.Errorf("summary %q, format %q: want one line each", e.Summary, e.Format)
			}
			if s := e.Supports(); s.Official != (e.Problem != nil) || !s.Play {
				t.Errorf("supports %+v", s)
			}
			gametest.Run(t, g, []string{e.ExamplePosition}, gametest.Options{Walks: 3, SearchLimit: 2000})
		})
	}
}

// testPartizan checks a partizan entry: its example is valued, every option
// of it is written in a form that Parse reads back, it cannot be played
// against the impartial engine, and the impartial solvers refuse it with
// one line.
func testPartizan(t *testing.T, e *Entry, g game.PartizanGame, pos game.Position) {
	t.Helper()
	c := cgt.New(0)
	if _, _, err := g.Values(context.Background(), g.NewEvaluator(c), pos); err != nil {
		if _, cycle := errors.AsType[*game.CycleError](err); !cycle || !g.Info().Repeats {
			t.Fatal(err)
		}
		gametest.LoopyValue(t, g, e.ExamplePosition)
	}
	for _, side := range []game.Side{game.Left, game.Right} {
		for _, o := range g.Options(pos, side) {
			if _, err := g.Parse(g.Format(o)); err != nil {
				t.Errorf("%s's option %q does not parse: %v", side, g.Format(o), err)
			}
		}
	}
	s := e.Supports()
	if s.Play || !s.Partizan || s.Tables || s.Loopy {
		t.Errorf("supports %+v", s)
	}
	_, families := game.FamiliesOf(g)
	if s.Families != families || s.OutcomeSearch == g.Info().Repeats {
		t.Errorf("supports %+v: families %v", s, families)
	}
	if _, err := g.Analyze(context.Background(), pos, game.Options{}); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("Analyze of a partizan game: %v, want a one-line refusal", err)
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"0.77": "CODE", ".07": "CODE", "4!.0": "grundy", "grundy": "grundy", "sub:1,3,4": "sub:SET",
		"knights": "knights:STEPS", "knights:1,-2;-2,1": "knights:STEPS", "caos3": "caos3",
	} {
		if _, e, err := Lookup(name); err != nil || e.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want the entry %s", name, e, err, want)
		}
	}
	for name, msg := range map[string]string{
		"chess":            `unknown game "chess" (known: bacterial-tactics, `,
		"sub:x":            `"x" is not a removal`,
		"knights:1,0;-1,0": "",
		"0.9x":             `unknown game "0.9x"`,
	} {
		_, _, err := Lookup(name)
		if msg == "" {
			if err != nil {
				t.Errorf("Lookup(%q): %v", name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Lookup(%q) error %v, want one containing %q", name, err, msg)
		}
	}
}

// TestGamesDoc checks that docs/games.md is the catalogue's table;
// go test ./registry -update rewrites it.
func TestGamesDoc(t *testing.T) {
	const path = "../docs/games.md"
	want := "# Games\n\nThis table is generated from the registry (`go test ./registry -update` rewrites it);\n" +
		"`nimber games` prints the same list.\n\n" + Markdown()
	if golden.File(t, path, want) != want {
		t.Fatalf("%s is not the registry's table: run go test ./registry -update", path)
	}
}

// ExampleLookup finds a game by name and analyses a position of it.
func ExampleLookup() {
	g, e, err := Lookup("0.77")
	if err != nil {
		fmt.Println(err)
		return
	}
	pos, _ := g.Parse("5 7 9")
	a, _ := g.Analyze(context.Background(), pos, game.Options{})
	fmt.Println(e.Name, g.Name(pos), a.Value, a.Outcome)
	// Output: CODE 5+7+9 2 N
}
