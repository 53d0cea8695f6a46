package moveset

import (
	"context"
	"strings"
	"testing"

	"nimber/compound"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/internal/golden"
)

// TestRulesBattery runs the shared checks of the game API on token games:
// text round trips, the one-pass table against the generic solver, and a
// search of whole positions.
func TestRulesBattery(t *testing.T) {
	gametest.Run(t, Game(nil), []string{"........\n..K.....\n....K...\n.....K..\n", "5x5 5,5 4,4 3,3", "KK.\n.2.\n..K\n", "3x3"}, gametest.Options{})
	g, err := ParseName("knights:1,-1;-1,-2")
	if err != nil {
		t.Fatal(err)
	}
	gametest.Run(t, g, []string{"6x6 6,6 5,6 6,3"}, gametest.Options{})
}

func TestParsePosition(t *testing.T) {
	g := Game(nil)
	gametest.CheckParse(t, g, []gametest.ParseCase{
		{In: "...\n.K.\n..2", Format: "...\n.K.\n..2\n", Name: "(2,2)+(3,3)+(3,3)"},
		{In: "3x3 2,2 3,3 3,3", Format: "...\n.K.\n..2\n", Name: "(2,2)+(3,3)+(3,3)"},
		{In: "200x2 200,1", Format: "200x2 200,1\n", Name: "(200,1)"},
		{In: "3x3", Format: "...\n...\n...\n", Name: "0"},
		{In: "3x3 4,1", Err: `token "4,1" is not a square row,col within 1..3, 1..3`},
		{In: ".K\n.x", Err: `row 2, column 2: character 'x' is not '.', 'K' or a count 2-9`},
		{In: "0x3", Err: "board 0 x 3: rows out of range 1..10000"},
	})
	if _, err := ParseName("knights:1,0;-1,0"); err != nil {
		t.Fatal(err)
	}
	pos, err := ParseName("knights:1,0;-1,0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pos.Parse("3x3 1,1"); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("steps with a cycle: %v", err)
	}
	if _, err := ParseName("queens"); err == nil {
		t.Error("ParseName(queens) accepted")
	}
}

// TestSquaresTableGolden prints the seed's 8 x 8 Grundy table through the
// game API (Squares, Explore, the compound invariants) and compares it with
// the golden file.
func TestSquaresTableGolden(t *testing.T) {
	ctx := context.Background()
	g := Game(nil)
	pos := gametest.Parse(t, g, "8x8")
	sq, ok := game.SquaresOf(g)
	if !ok {
		t.Fatal("SquaresOf: the game's parts are not squares")
	}
	rows, err := sq.Squares(pos, 0)
	if err != nil {
		t.Fatal(err)
	}
	var all []game.Position
	for _, row := range rows {
		all = append(all, row...)
	}
	gr, inv, err := compound.ComputeGame(ctx, g, all, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for r := range 8 {
		for c := range 8 {
			if c > 0 {
				b.WriteByte(' ')
			}
			v, _ := inv.Value("grundy", gr.Roots()[r*8+c])
			b.WriteString(v)
		}
		b.WriteByte('\n')
	}
	want := golden.Read(t, "testdata/knights-8-grundy.txt")
	if b.String() != string(want) {
		t.Fatalf("got\n%swant\n%s", b.String(), want)
	}
	if name := gr.Name(gr.Roots()[10]); name != "(2,3)" {
		t.Errorf("square 10 named %q", name)
	}
}

func FuzzParsePosition(f *testing.F) {
	gametest.FuzzParse(f, Game(nil), "...\n.K.\n..2", "3x3 2,2", "8x8", "x")
}
