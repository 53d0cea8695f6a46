package clobber

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/game"
	"nimber/game/gametest"
	"nimber/games/internal/pgrid"
	"nimber/games/internal/pgrid/pgridtest"
	"nimber/internal/testsize"
)

// moves is Clobber by its definition, for the brute force: every stone
// of the mover's onto an orthogonally adjacent stone of the other's.
func moves(board string, left bool) []string {
	return pgridtest.StoneMoves(board, left, func(rows []string, r, c int, d [2]int, us, them byte) []string {
		r2, c2 := r+d[0], c+d[1]
		if r2 < 0 || r2 >= len(rows) || c2 < 0 || c2 >= len(rows[r]) || rows[r2][c2] != them {
			return nil
		}
		b := pgridtest.Cells(rows)
		b[r][c], b[r2][c2] = '.', us
		return []string{pgridtest.Board(b)}
	})
}

// TestSuite runs the board games' tests (pgridtest.Run) on Clobber: the
// golden values that CGSuite's own tests give (GameGridTest) and small
// ones worked by hand, x Left's; the brute force on random boards of up
// to 12 cells and on sums of two; the symmetries Key uses, transposition
// among them; the one-line errors of positions that are not Clobber
// boards or are too large; and the clobbers a player makes by hand, each
// option with a hand move of its own.
func TestSuite(t *testing.T) {
	pgridtest.Run(t, Game(), moves, pgridtest.Suite{
		Exact:         true,
		BruteForce:    &pgridtest.Sample{Seed: [2]uint64{22, 3}, N: 300, Draw: gametest.Draw{Rows: 3, Cols: 4, Cells: "xxoo."}},
		SumBruteForce: &pgridtest.Sums{Seed: [2]uint64{22, 4}, N: 40, A: gametest.Draw{Rows: 2, Cols: 3, Cells: "xo."}, B: gametest.Draw{Rows: 2, Cols: 3, Cells: "xo."}},
		BadInput:      &pgridtest.BadInput{Limit: pgridtest.Limit{Text: "xoxoxoxoxoxoxoxoxoxoxoxoxo", Got: 26, Limit: MaxRegion, What: "stones"}},
		HandMoves:     []string{"xo", "xox|ox.", "xoxo|oxox", "xx.o|o.xo|.oxx", "xo + ox|xo"},
	})
}

// TestKeyKeepsValue checks that the symmetries Key uses, transposition
// among them, keep a region's value.
func TestKeyKeepsValue(t *testing.T) {
	pgridtest.SameValue(t, Game(), "xox|oo.", "xo|oo|x.", "xox|.oo", ".oo|xox", "x.|oo|xo")
}

// TestBoardLimit checks that a board of more than one row is refused from
// MaxBoardRegion stones, before anything is valued, naming nimber
// outcome (part of what was TestBadInput).
func TestBoardLimit(t *testing.T) {
	_, err := Game().Parse("xoxox|oxoxo|xoxox|oxoxo")
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != 20 || le.Limit != MaxBoardRegion || !strings.Contains(err.Error(), "nimber outcome") {
		t.Errorf("the 4 x 5 checkerboard: %v, want a limit of %d stones naming nimber outcome", err, MaxBoardRegion)
	}
	if _, err := Game().Parse("xoxoxo|oxoxox|xoxoxo"); err != nil {
		t.Errorf("the 3 x 6 checkerboard: %v", err)
	}
}

// twinWins reports whether the player to move (Left when left) wins the
// sum of boards, straight from the rules: some move (moves, the rules'
// statement in clobber_test.go) leaves a sum the other player loses. No
// values, no table, no regions: the whole sum is played.
func twinWins(boards []string, left bool) bool {
	for i, b := range boards {
		for _, after := range moves(b, left) {
			next := append([]string(nil), boards...)
			next[i] = after
			if !twinWins(next, !left) {
				return true
			}
		}
	}
	return false
}

// stones returns the stones of the boards.
func stones(boards []string) int {
	n := 0
	for _, b := range boards {
		n += strings.Count(b, "x") + strings.Count(b, "o")
	}
	return n
}

// randomSum returns a sum of one to three random boards of up to 3 x 4
// cells, with at most most stones in all (the twin's search is
// exponential).
func randomSum(rng *rand.Rand, most int) []string {
	for {
		boards := make([]string, 1+rng.IntN(3))
		for i := range boards {
			boards[i] = gametest.RandomBoard(rng, 1+rng.IntN(3), 1+rng.IntN(4), "xxoo.")
		}
		if stones(boards) <= most {
			return boards
		}
	}
}

// parse reads the position text by the rules, failing t when they
// refuse it.
func parse(t *testing.T, text string) game.Sum[pgrid.Region] {
	t.Helper()
	s, err := theRules.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return s
}

// searchText decides the position text by SearchSum with the options o.
func searchText(t *testing.T, text string, o game.OutcomeOptions) game.OutcomeResult {
	t.Helper()
	res, err := theRules.SearchSum(context.Background(), parse(t, text), o)
	if err != nil {
		t.Fatalf("SearchSum(%q): %v", text, err)
	}
	return res
}

// withBoxCells runs f with regions of more than cells cells in their box
// held by graphs, so that small boards exercise the graph regions.
func withBoxCells(cells int, f func()) {
	saved := boxCells
	boxCells = cells
	defer func() { boxCells = saved }()
	f()
}

// TestSearchTwin compares SearchSum with the twin on random sums of random
// boards, on one goroutine and on three, with a table of 1 MiB, with
// regions held as boxes and as graphs, and the generic search over the
// game's parts (game.SearchParts, which PartSizer steers).
func TestSearchTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for n := range testsize.N(8000, 2000) {
		boards := randomSum(rng, 11)
		text := strings.Join(boards, " + ")
		want := [2]bool{twinWins(boards, true), twinWins(boards, false)}
		check := func(how string, res game.OutcomeResult) {
			t.Helper()
			if got := [2]bool{res.LeftFirst, res.RightFirst}; got != want {
				t.Fatalf("%s: %q: (Left first, Right first) wins %v, the twin says %v", how, text, got, want)
			}
		}
		o := game.OutcomeOptions{Threads: 1 + 2*(n%2), TableMiB: 1, ValueMiB: 1 + n%3}
		check(fmt.Sprintf("%d threads", o.Threads), searchText(t, text, o))
		if n%3 == 0 {
			withBoxCells(1+n%5, func() { check("graphs", searchText(t, text, o)) })
		}
		if n%5 == 0 {
			res, err := game.SearchParts(context.Background(), Game(), parse(t, text).Parts, o)
			if err != nil {
				t.Fatalf("SearchParts(%q): %v", text, err)
			}
			check("generic", res)
		}
	}
}

// TestSearchAgreesWithValues checks SearchSum against the outcome of the
// canonical form that Values finds, on random boards of up to 10 stones
// (and sums of them).
func TestSearchAgreesWithValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for n := range testsize.N(600, 200) {
		var boards []string
		for {
			boards = []string{gametest.RandomBoard(rng, 1+rng.IntN(4), 1+rng.IntN(5), "xxoo.")}
			if n%4 == 0 {
				boards = append(boards, gametest.RandomBoard(rng, 1+rng.IntN(2), 1+rng.IntN(4), "xo."))
			}
			if stones(boards) <= 10 {
				break
			}
		}
		text := strings.Join(boards, " + ")
		c := cgt.New(0)
		v := pgridtest.Value(t, Game(), c, text)
		o := c.OutcomeOf(v)
		want := [2]bool{o == cgt.L || o == cgt.N, o == cgt.R || o == cgt.N}
		res := searchText(t, text, game.OutcomeOptions{Threads: 1 + n%2})
		if got := [2]bool{res.LeftFirst, res.RightFirst}; got != want {
			t.Fatalf("%q = %s (outcome %s): the search says (Left first, Right first) %v", text, c.Notation(v), o, got)
		}
	}
}

// newSearchRules returns the search's rules of the regions of text, in c.
func newSearchRules(t *testing.T, text string, c *cgt.Calc) (*searchRules, []region) {
	t.Helper()
	var graphs []*graph
	var parts []region
	for _, p := range parse(t, text).Parts {
		parts = appendRegions(parts, p, &graphs)
	}
	return &searchRules{graphs: graphs, c: c, memo: map[region]cgt.Game{}}, parts
}

// TestBitboardValues checks the canonical forms valued on bitboards
// against the game's Evaluator on the regions' text, in one Calc (so
// equal games are the same Game), for regions of up to 12 stones held as
// boxes and as graphs.
func TestBitboardValues(t *testing.T) {
	pg, _ := game.PartizanOf(Game())
	rng := rand.New(rand.NewPCG(7, 7))
	c := cgt.New(0)
	e := pg.NewEvaluator(c)
	for n := range 300 {
		text := gametest.RandomBoard(rng, 1+rng.IntN(4), 1+rng.IntN(5), "xxxooo.")
		if stones([]string{text}) > 12 {
			continue
		}
		test := func() {
			r, parts := newSearchRules(t, text, c)
			for _, q := range parts {
				got, err := r.Value(context.Background(), q, 0)
				if err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				want, err := game.ValuePart(context.Background(), e, r.text(q), 0)
				if err != nil {
					t.Fatalf("%q: %v", r.text(q), err)
				}
				if got != want {
					t.Fatalf("%q: on bitboards %s, by the Evaluator %s", r.text(q), c.Notation(got), c.Notation(want))
				}
			}
		}
		if n%2 == 0 {
			withBoxCells(1+n%7, test)
		} else {
			test()
		}
	}
}

// images returns the eight images of the board text under the symmetries
// of the square (rows joined by '|').
func images(text string) []string {
	rows := strings.Split(text, "|")
	h, w := len(rows), len(rows[0])
	var out []string
	for k := range 8 {
		th, tw := h, w
		if k >= 4 {
			th, tw = w, h
		}
		var b strings.Builder
		for i := range th {
			if i > 0 {
				b.WriteByte('|')
			}
			for j := range tw {
				r, c := i, j
				if k >= 4 {
					r, c = j, i
				}
				if k&1 != 0 {
					r = h - 1 - r
				}
				if k&2 != 0 {
					c = w - 1 - c
				}
				b.WriteByte(rows[r][c])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestKeySymmetries checks that the eight images of a region have one
// normal form, no taller than wide.
func TestKeySymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 2))
	r := &searchRules{}
	for range 500 {
		text := gametest.RandomBoard(rng, 1+rng.IntN(5), 1+rng.IntN(6), "xo.")
		var want string
		for _, im := range images(text) {
			parts := appendRegions(nil, pgrid.Region(im), new([]*graph))
			for i, q := range parts {
				if parts[i] = r.Key(q); parts[i].h > parts[i].w {
					t.Fatalf("%q: the normal form %v is taller than wide", im, parts[i])
				}
			}
			slices.SortFunc(parts, func(a, b region) int {
				return cmp.Or(cmp.Compare(a.h, b.h), cmp.Compare(a.w, b.w), cmp.Compare(a.occ, b.occ), cmp.Compare(a.x, b.x))
			})
			if got := fmt.Sprint(parts); want == "" {
				want = got
			} else if got != want {
				t.Fatalf("%q: image %q has the normal forms %s, the board %s", text, im, got, want)
			}
		}
	}
}

// TestCheckSearch checks that the search takes a region of 64 stones,
// where values stop at MaxRegion, and refuses one of 65 in one line.
func TestCheckSearch(t *testing.T) {
	pg, _ := game.PartizanOf(Game())
	if _, err := pg.ParseSearch(strings.Repeat("xo", 32)); err != nil {
		t.Errorf("a row of 64 stones: %v", err)
	}
	board := strings.TrimSuffix(strings.Repeat("xoxoxoxoxoxox|oxoxoxoxoxoxo|", 2)+"xoxoxoxoxoxox", "|")
	_, err := pg.ParseSearch(board)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != 65 || le.Limit != MaxSearchRegion || strings.Contains(err.Error(), "\n") {
		t.Errorf("a region of 65 stones: %v, want a one-line limit of %d stones", err, MaxSearchRegion)
	}
	if _, err := theRules.SearchSum(context.Background(), parse(t, board), game.OutcomeOptions{}); !errors.As(err, &le) {
		t.Errorf("SearchSum of 65 stones: %v, want a limit", err)
	}
}

// TestSearchLimits checks that the search stops at MaxNodes and when its
// context is cancelled.
func TestSearchLimits(t *testing.T) {
	s := parse(t, "xoxox|oxoxo|xoxox|oxoxo")
	if _, err := theRules.SearchSum(context.Background(), s, game.OutcomeOptions{MaxNodes: 100, Threads: 1}); !errors.Is(err, game.ErrSearchLimit) {
		t.Errorf("MaxNodes 100: %v, want ErrSearchLimit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := theRules.SearchSum(ctx, s, game.OutcomeOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

// TestRows checks the alternating rows (xo)^n: every one a first-player
// win but xoxoxo, which is 0, as Albert, Grossman, Nowakowski and Wolfe
// conjectured in 2004 and Chen, Folkersen, Hasham, Hayward et al. proved
// ("A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe Conjecture on
// Alternating Linear Clobber", arXiv:2509.08985, 2025). Rows of up to 26
// stones are decided in -short, the row of 54 stones (some seconds)
// without.
func TestRows(t *testing.T) {
	rows := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}
	if !testing.Short() {
		rows = append(rows, 27)
	}
	for _, n := range rows {
		res := searchText(t, strings.Repeat("xo", n), game.OutcomeOptions{})
		if want := n != 3; res.LeftFirst != want || res.RightFirst != want {
			t.Errorf("(xo)^%d: (Left first, Right first) wins (%v, %v), want both %v", n, res.LeftFirst, res.RightFirst, want)
		}
	}
}

// TestSmall checks the estimate that steers valuing: rows and other
// regions by their stones, and the PartSizer of the generic search.
func TestSmall(t *testing.T) {
	r := &searchRules{}
	for text, want := range map[string]bool{
		strings.Repeat("xo", SmallRowStones/2):   true,
		strings.Repeat("xo", SmallRowStones/2+1): false,
		"xox|oxo|x..":                            true,
		"xox|oxo|xo.":                            SmallStones >= 8,
		"xoxo|oxox|xoxo":                         false,
	} {
		parts := appendRegions(nil, pgrid.Region(text), new([]*graph))
		if got := r.Small(r.Key(parts[0])); got != want {
			t.Errorf("Small(%q) = %v, want %v", text, got, want)
		}
	}
	if got := theRules.Size("xo.|.ox"); got != 4 {
		t.Errorf("Size(xo.|.ox) = %d, want 4", got)
	}
	if theRules.SmallSize() != SmallStones {
		t.Errorf("SmallSize = %d, want %d", theRules.SmallSize(), SmallStones)
	}
}
