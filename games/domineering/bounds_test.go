package domineering

import (
	"context"
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/grid"
)

// TestSureTable checks the race of sureTable against what it must be
// where it is plain: alone dominoes only, the opponent takes one a move,
// so she gets half of them (rounded up moving first); shared ones only, he
// takes two, so a third; areas only, she takes one (two moves) and he
// spoils one, and moving first she starts; and more of anything is never
// fewer moves.
func TestSureTable(t *testing.T) {
	for n := range 40 {
		for _, tc := range []struct {
			st          structs
			first, then int16 // moving first, moving second
		}{
			{structs{alone: n}, int16((n + 1) / 2), int16(n / 2)},
			{structs{shared: n}, int16((n + 2) / 3), int16(n / 3)},
			{structs{areas: min(n, sureMaxAreas-1)}, int16(2 * ((min(n, sureMaxAreas-1) + 1) / 2)), int16(2 * (min(n, sureMaxAreas-1) / 2))},
		} {
			first, _ := sureMoves(tc.st, true)
			then, _ := sureMoves(tc.st, false)
			if first[0] != tc.first || then[0] != tc.then {
				t.Errorf("%+v: %d moving first, %d second; want %d, %d", tc.st, first[0], then[0], tc.first, tc.then)
			}
		}
	}
	tab := sureTable()
	for f := range 2 {
		for p := range sureMaxAreas {
			for a := range sureMaxVuln {
				for s := range sureMaxVuln {
					v := tab[f][p][a][s]
					if p > 0 && tab[f][p-1][a][s] > v || a > 0 && tab[f][p][a-1][s] > v || s > 0 && tab[f][p][a][s-1] > v {
						t.Fatalf("first %d, %d areas, %d alone, %d shared: %d moves, fewer than with less", f, p, a, s, v)
					}
					// A shared domino traded for an alone one is never
					// worse for her (see structures: his domino across an
					// area and a shared domino).
					if a > 0 && s+1 < sureMaxVuln && tab[f][p][a][s] < tab[f][p][a-1][s+1] {
						t.Fatalf("first %d, %d areas: %d alone and %d shared make %d moves, fewer than one alone fewer and one shared more", f, p, a, s, v)
					}
				}
			}
		}
	}
}

// TestStructures checks areas, alone and shared vulnerable dominoes and
// spare cells of boards counted by hand, in Right's view (the board's
// rows; her dominoes are horizontal).
func TestStructures(t *testing.T) {
	for _, tc := range []struct {
		board []string
		want  structs
	}{
		// A 2 x 2 block under a wall: an area; nothing else.
		{[]string{"####", "#..#", "#..#", "#.##"}, structs{areas: 1}},
		// The same block with its open side closed: still one area.
		{[]string{"##", "..", "..", "##"}, structs{areas: 1}},
		// The board's edge is a wall: rows 1 and 2 an area; rows 3 and 4
		// not (they touch it), two vulnerable dominoes one above the other
		// and under the area: shared.
		{[]string{"..", "..", "..", ".."}, structs{areas: 1, shared: 2}},
		// A cross: the middle row's domino has one cell out of Left's
		// reach and nothing of another above or below its other: alone,
		// half safe; the row's last cell is out of reach, spare.
		{[]string{"#.#", "...", "#.#"}, structs{alone: 1, halfSafe: 1, spare: 1}},
		// A domino with one cell out of Left's reach (both its vertical
		// neighbours filled): vulnerable, half safe; a lone cell out of
		// reach is spare.
		{[]string{"#.##", "..#.", "#.##"}, structs{alone: 1, halfSafe: 1, spare: 1}},
	} {
		g, err := grid.FromRows(tc.board...)
		if err != nil {
			t.Fatal(err)
		}
		b := newBoard(g.Rows, g.Cols, g.Cells, newZobrist(g.Rows, g.Cols))
		if got := b.structures(1); got != tc.want {
			t.Errorf("%v: %+v, want %+v", tc.board, got, tc.want)
		}
	}
}

// TestSolveOutcomeLargeBoards holds SolveOutcome on boards past 64 cells
// (up to 10 x 11, with many blocked cells, so that the board falls into
// small regions) to the generic search of the sum of its regions, which
// values small regions by their canonical forms: an independent answer
// where the plain search cannot go.
func TestSolveOutcomeLargeBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 2))
	ctx := context.Background()
	n := 16
	if testing.Short() {
		n = 4
	}
	for range n {
		rows, cols := 8+rng.IntN(3), 9+rng.IntN(3)
		g, text := randomBoard(rng, rows, cols, 0.5+0.1*rng.Float64())
		res, err := SolveOutcome(ctx, g, game.OutcomeOptions{TableMiB: 1, Threads: 1 + rng.IntN(2)})
		if err != nil {
			t.Fatal(err)
		}
		s, err := theRules.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		want, err := game.SearchParts(ctx, theGame, s.Parts, game.OutcomeOptions{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.LeftFirst != want.LeftFirst || res.RightFirst != want.RightFirst {
			t.Fatalf("%s: SolveOutcome %v, %v; the search of its %d regions %v, %v", text, res.LeftFirst, res.RightFirst, len(s.Parts), want.LeftFirst, want.RightFirst)
		}
	}
}

// TestGreedyPairs checks the table lookup of the greedy packing against
// the packing cell by cell.
func TestGreedyPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 4))
	for range 20000 {
		x := rng.Uint32() >> rng.IntN(32)
		var want uint32
		for i := 0; i < 32; i++ {
			if i < 31 && x>>i&3 == 3 {
				want |= 1 << i
				i++
			}
		}
		if got := greedyPairs(x); got != want {
			t.Fatalf("greedyPairs(%032b) = %032b, want %032b", x, got, want)
		}
	}
}

// TestBoundsAgainstPlain holds each bound to the plain search position by
// position: on thousands of random boards with blocked cells, whenever
// counts.settle or settleDeep settles a position for either player to
// move, the plain search (Outcome) must agree. It counts the positions
// settled only with the options' cells, so that the test of options is
// not empty.
func TestBoundsAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	n := 6000
	if testing.Short() {
		n = 1000
	}
	settled, byOptions := 0, 0
	for range n {
		rows, cols := 2+rng.IntN(5), 2+rng.IntN(5)
		for rows*cols > 30 {
			cols--
		}
		g, text := randomBoard(rng, rows, cols, 0.1+0.4*rng.Float64())
		left, right, err := Outcome(context.Background(), g, 0)
		if err != nil {
			t.Fatal(err)
		}
		b := newBoard(g.Rows, g.Cols, g.Cells, newZobrist(g.Rows, g.Cols))
		for p, want := range [2]bool{left, right} {
			c := b.counts(p)
			if win, ok := c.settle(); ok {
				settled++
				if win != want {
					t.Fatalf("%s, player %d to move: counts.settle says %v, the plain search %v", text, p, win, want)
				}
				continue
			}
			if win, ok := b.settleDeep(p, c); ok {
				settled++
				if win != want {
					t.Fatalf("%s, player %d to move: settleDeep says %v, the plain search %v", text, p, win, want)
				}
				if _, ok := b.settleDeepWith(p, c, false); !ok {
					byOptions++
				}
			}
		}
	}
	t.Logf("%d positions settled by the bounds, %d of them only with options", settled, byOptions)
	if byOptions < n/200 {
		t.Errorf("only %d positions of %d settled by options", byOptions, 2*n)
	}
}
