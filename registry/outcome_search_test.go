package registry_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/internal/golden"
	"nimber/internal/testsize"
	"nimber/registry"
)

// outcomeGen writes random positions of one partizan game for the
// outcome search's check: small ones (size 0) that the minimax twin
// decides, and larger ones (size 1) that take the search further.
type outcomeGen struct {
	// one writes one random position.
	one func(r *rand.Rand, size int) string
	// plus is set when texts joined by " + " are a sum; else sums are
	// made by Join and written by Format.
	plus bool
	// fewer divides the number of positions checked, for the games whose
	// twin is slow (sums of rectangles have many whole positions; a rules
	// file's options run Starlark).
	fewer int
	// neg, when not nil, writes the negative of a position that one
	// writes, or of a region as Format writes it (the players' roles
	// swapped): sums with a position's negative, which add up to 0, and
	// the generic search with neg as its game.Negater check the search's
	// cancelling of negatives and of sums equal to their own negatives.
	neg func(text string) string
	// large, when not nil, writes a position whose regions the game's
	// search does not value whole but searches, beyond the minimax twin
	// but not the canonical form (seconds each).
	large func(r *rand.Rand) string
}

// between returns a random integer of lo..hi.
func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

// stones writes a random board for a stone game whose region of at most
// most stones of 'x' and 'o' the twin can search.
func stones(r *rand.Rand, rows, cols, most int, cells string) string {
	for {
		b := gametest.RandomBoard(r, rows, cols, cells)
		if strings.Count(b, "x")+strings.Count(b, "o") <= most {
			return b
		}
	}
}

// swap writes text with the bytes of each pair of pairs exchanged, e.g.
// "xo" for Clobber's colours.
func swap(text string, pairs ...string) string {
	b := []byte(text)
	for i, c := range b {
		for _, p := range pairs {
			switch c {
			case p[0]:
				b[i] = p[1]
			case p[1]:
				b[i] = p[0]
			}
		}
	}
	return string(b)
}

// transpose writes the board text (rows joined by '|') transposed.
func transpose(text string) string {
	rows := strings.Split(text, "|")
	cols := make([]string, len(rows[0]))
	for j := range cols {
		var b strings.Builder
		for _, row := range rows {
			b.WriteByte(row[j])
		}
		cols[j] = b.String()
	}
	return strings.Join(cols, "|")
}

// reverse writes text backwards.
func reverse(text string) string {
	b := []byte(text)
	slices.Reverse(b)
	return string(b)
}

// transposeCake writes rectangles "RxC" of cake, joined by " + ", as
// "CxR": Cutcake's negative.
func transposeCake(text string) string {
	cakes := strings.Split(text, " + ")
	for i, c := range cakes {
		rows, cols, _ := strings.Cut(c, "x")
		cakes[i] = cols + "x" + rows
	}
	return strings.Join(cakes, " + ")
}

// hackenbushPicture writes a random picture of Hackenbush in JSON: edges
// between random vertices of 0..n, with one or two ground vertices.
func hackenbushPicture(r *rand.Rand, size int) string {
	n := between(r, 1, 4+size)
	edges := between(r, 1, 5+2*size)
	var es []string
	for i := range edges {
		u := r.IntN(n + 1)
		v := r.IntN(n + 1)
		if i < n { // a spanning path first, so that most edges stand
			u, v = i, i+1
		}
		es = append(es, fmt.Sprintf(`[%d, %d, "%c"]`, u, v, "LRG"[r.IntN(3)]))
	}
	ground := "[0]"
	if r.IntN(3) == 0 {
		ground = fmt.Sprintf("[0, %d]", n)
	}
	return fmt.Sprintf(`{"edges": [%s], "ground": %s}`, strings.Join(es, ", "), ground)
}

// outcomeGens are the generators of the partizan games by name: the
// registry's and the example rules files' (by file name). Every partizan
// game needs one.
var outcomeGens = map[string]outcomeGen{
	"domineering": {plus: true, neg: transpose, one: func(r *rand.Rand, size int) string {
		rows, cols := between(r, 1, 3+size), between(r, 1, 4)
		return gametest.RandomBoard(r, rows, cols, "....#")
	}, large: func(r *rand.Rand) string {
		// Two regions of over 20 empty cells, searched; one board alone
		// would go to Domineering's own search.
		return gametest.RandomBoard(r, 4, 6, "..........#") + " + " + gametest.RandomBoard(r, 3, 7, "..........#")
	}},
	"fission": {plus: true, neg: transpose, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, between(r, 1, 3), between(r, 1, 3+size), "...x#")
	}},
	"clobber": {plus: true, neg: func(t string) string { return swap(t, "xo") }, one: func(r *rand.Rand, size int) string {
		return stones(r, between(r, 1, 3), between(r, 1, 4+size), 9+4*size, "xxoo.")
	}, large: func(r *rand.Rand) string {
		// A region of 13 to 15 stones, searched on bitboards.
		return stones(r, 3, 5, 15, "xxxooo.") + " + " + stones(r, 1, 4, 4, "xo.")
	}},
	"konane": {plus: true, neg: func(t string) string { return swap(t, "xo") }, one: func(r *rand.Rand, size int) string {
		// Konane's stones stand on a checkerboard: jumps need stones of
		// both colours in lines with holes.
		rows, cols := between(r, 1, 4), between(r, 2, 5+size)
		for {
			b := []byte(gametest.RandomBoard(r, rows, cols, "xo"))
			for i := range b {
				switch row, col := i/(cols+1), i%(cols+1); {
				case col == cols:
				case r.IntN(3) == 0:
					b[i] = '.'
				case r.IntN(8) > 0:
					b[i] = "xo"[(row+col)%2]
				}
			}
			if strings.Count(string(b), "x")+strings.Count(string(b), "o") <= 10+3*size {
				return string(b)
			}
		}
	}},
	"amazons": {plus: true, neg: func(t string) string { return swap(t, "xo") }, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, between(r, 1, 2+size), between(r, 1, 4), "xo...##")
	}},
	"toads-frogs": {plus: true, neg: func(t string) string { return reverse(swap(t, "TF")) }, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, 1, between(r, 1, 9+3*size), "TTFF..")
	}, large: func(r *rand.Rand) string {
		// Toads on the left, frogs on the right: a row of over 8192
		// parts, searched until its regions are small enough to value.
		middle := []byte(".....")
		middle[r.IntN(5)] = "TF."[r.IntN(3)]
		return "TTTT" + string(middle) + "FFFF + " + gametest.RandomBoard(r, 1, 5, "TF..")
	}},
	"toppling-dominoes": {plus: true, neg: func(t string) string { return swap(t, "lr") }, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, 1, between(r, 1, 6+3*size), "lre.")
	}},
	"psub:L:R":          {plus: true, one: randomHeap},
	"pheap:LCODE:RCODE": {plus: true, one: randomHeap},
	"cutcake": {plus: true, fewer: 8, neg: transposeCake, one: func(r *rand.Rand, size int) string {
		return fmt.Sprintf("%dx%d", between(r, 1, 4+3*size), between(r, 1, 4+3*size))
	}},
	"col": {plus: true, neg: func(t string) string { return swap(t, "LR", "lr") }, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, between(r, 1, 3), between(r, 1, 4+size), "......#LR")
	}},
	"snort": {plus: true, neg: func(t string) string { return swap(t, "LR", "lr") }, one: func(r *rand.Rand, size int) string {
		return gametest.RandomBoard(r, between(r, 1, 3), between(r, 1, 3+size), ".....#LR")
	}},
	"hackenbush": {neg: func(t string) string { return swap(t, "LR") }, one: func(r *rand.Rand, size int) string {
		if r.IntN(2) == 0 {
			return gametest.RandomBoard(r, 1, between(r, 1, 5+2*size), "LRG")
		}
		return hackenbushPicture(r, size)
	}},
	"cutcake_rules": {plus: true, fewer: 4, neg: transposeCake, one: func(r *rand.Rand, size int) string {
		return fmt.Sprintf("%dx%d", between(r, 1, 3+2*size), between(r, 1, 3+2*size))
	}},
	"partizan_subtraction": {one: randomHeap},
}

// randomHeap is a heap of up to 13 + 20·size tokens.
func randomHeap(r *rand.Rand, size int) string { return fmt.Sprint(r.IntN(14 + 20*size)) }

// partizanGames returns every partizan game of the registry and of the
// example rules files, by name.
func partizanGames(t *testing.T) map[string]game.Game {
	t.Helper()
	out := map[string]game.Game{}
	for _, e := range registry.Entries() {
		g, err := e.ExampleGame()
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if g.Info().Kind == game.Partizan && !g.Info().Repeats {
			out[e.Name] = g
		}
	}
	for _, f := range golden.Glob(t, "../examples/rules/*.star") {
		g, _, err := registry.LoadRules(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Info().Kind == game.Partizan {
			out[strings.TrimSuffix(filepath.Base(f), ".star")] = g
		}
	}
	return out
}

// outcomePositions writes n random positions of g by gen: each a single
// position (size 0) with probability 1/2, else a sum of two or three (a
// third of them the first position's negative second, when gen has neg),
// and every tenth a larger single position (size 1). Texts that the game
// refuses (Col's two cells of a colour side by side) are drawn again.
func outcomePositions(t *testing.T, g game.PartizanGame, gen outcomeGen, r *rand.Rand, n int) []string {
	t.Helper()
	var out []string
	valid := func(size int) string {
		for range 1000 {
			text := gen.one(r, size)
			if _, err := g.ParseSearch(text); err == nil {
				return text
			}
		}
		t.Fatalf("no position drawn is valid")
		return ""
	}
	for i := range n {
		switch {
		case i%10 == 9:
			out = append(out, valid(1))
		case r.IntN(2) == 0:
			out = append(out, valid(0))
		default:
			k := between(r, 2, 3)
			texts := make([]string, k)
			ps := make([]game.Position, k)
			for j := range k {
				texts[j] = valid(0)
				if j == 1 && gen.neg != nil && r.IntN(3) == 0 {
					texts[j] = gen.neg(texts[0]) // with its negative: 0, or the third
				}
				p, err := g.ParseSearch(texts[j])
				if err != nil {
					t.Fatalf("%q: %v", texts[j], err)
				}
				ps[j] = p
			}
			if gen.plus && r.IntN(2) == 0 {
				out = append(out, strings.Join(texts, " + "))
			} else {
				out = append(out, g.Format(g.Join(ps...)))
			}
		}
	}
	return out
}

// TestOutcomeSearch checks the search of who wins (PartizanGame.Outcome)
// of every partizan game, built in or an example rules file, on random
// small positions and sums against the minimax twin over whole positions
// and the outcome class of the canonical form (gametest.CheckOutcome), and
// the generic search over the parts as text (game.SearchSum whatever the
// game's own search); without -short, also a few larger positions that
// the game's search does not value whole, against their canonical form.
func TestOutcomeSearch(t *testing.T) {
	games := partizanGames(t)
	for name := range games {
		if _, ok := outcomeGens[name]; !ok {
			t.Errorf("partizan game %s has no generator of random positions in outcomeGens", name)
		}
	}
	n := testsize.N(350, 40)
	for name, gen := range outcomeGens {
		g, ok := games[name]
		if !ok {
			t.Errorf("outcomeGens has %s, which is no partizan game of the registry or examples/rules", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pg, _ := game.PartizanOf(g)
			r := rand.New(rand.NewPCG(uint64(len(name)), 0x6f7574636f6d65))
			texts := outcomePositions(t, pg, gen, r, n/max(1, gen.fewer))
			start := time.Now()
			var c gametest.OutcomeCounts
			c.Add(gametest.CheckOutcome(t, g, texts, gametest.OutcomeOptions{Generic: true, Neg: gen.neg}))
			t.Logf("%v in %v", c, time.Since(start).Round(time.Millisecond))
			if c.Twin < c.Positions*9/10 || c.Generic < c.Twin*9/10 || c.Value < c.Positions/2 {
				t.Errorf("%v: too few decided by the twins or the generic search", c)
			}
			if gen.large != nil && !testing.Short() {
				var large []string
				for range 2 {
					large = append(large, gen.large(r))
				}
				start := time.Now()
				// Not on a Calc of 1 MiB: the regions, too large to value,
				// would be searched whole, for minutes.
				c := gametest.CheckOutcome(t, g, large, gametest.OutcomeOptions{TwinLimit: 1000, Searches: gametest.DefaultOutcomeSearches[:2]})
				t.Logf("large: %v in %v", c, time.Since(start).Round(time.Millisecond))
				if c.Searched == 0 {
					t.Errorf("large: %v: want a position searched", c)
				}
			}
		})
	}
}

// TestOutcomeSearchCold checks the generic search on three goroutines
// where a region is too costly to value in one goroutine and valued in
// another (gametest.OutcomeOptions.Cold), as a goroutine whose Calc holds
// less may find it. Each goroutine of searchParallel makes its own list
// of the root's moves; the tasks once indexed the first goroutine's, so
// that where the lists differed a task played another move than it named,
// or none (a panic). Now a task names its move by region and number.
func TestOutcomeSearchCold(t *testing.T) {
	games := partizanGames(t)
	for _, name := range []string{"toads-frogs", "clobber", "domineering", "hackenbush"} {
		t.Run(name, func(t *testing.T) {
			g := games[name]
			pg, _ := game.PartizanOf(g)
			r := rand.New(rand.NewPCG(7, 0x636f6c64))
			texts := outcomePositions(t, pg, outcomeGens[name], r, 100)
			c := gametest.CheckOutcome(t, g, texts, gametest.OutcomeOptions{Generic: true, Cold: true})
			t.Log(c)
		})
	}
}
