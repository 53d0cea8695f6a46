package registry_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/registry/registrytest"
)

// fuzzOutcomeGames are the games FuzzOutcomePosition reads its text as,
// by the fuzzed byte which, with a seed position of each.
var fuzzOutcomeGames = []struct{ name, seed string }{
	{"domineering", "...|..#|... + ....|...."},
	{"clobber", "xox|ox. + xoxo"},
	{"konane", "xoxo|o.ox|xo.o"},
	{"toads-frogs", "TT..FF + T.F"},
	{"cutcake", "3x4 + 2x5"},
	{"col", "R..|... + ..."},
	{"snort", "L..|... + ...."},
	{"hackenbush", `LRR GG {"edges": [[0, 1, "L"], [1, 2, "G"], [2, 0, "R"]], "ground": [0]}`},
}

// fuzzOutcomeNodes and fuzzOutcomeTime bound each fuzzed search.
const (
	fuzzOutcomeNodes = 5000
	fuzzOutcomeTime  = 2 * time.Second
)

// FuzzOutcomePosition reads arbitrary text as a position of one of a few
// partizan games (ParseSearch) and decides it (Outcome) on one to four
// goroutines within a bound of positions and time: nothing panics, every
// error is one line, and a search stopped by its bounds says so (an error
// wrapping game.ErrSearchLimit or the context's deadline).
func FuzzOutcomePosition(f *testing.F) {
	for i, s := range fuzzOutcomeGames {
		f.Add(uint8(i), uint8(0), s.seed)
		f.Add(uint8(i), uint8(2), s.seed)
	}
	games := make([]game.PartizanGame, len(fuzzOutcomeGames))
	for i, s := range fuzzOutcomeGames {
		g := registrytest.Game(f, s.name)
		games[i], _ = game.PartizanOf(g)
	}
	f.Fuzz(func(t *testing.T, which, threads uint8, text string) {
		g := games[int(which)%len(games)]
		text = gametest.Bounded(text, 64)
		pos, err := g.ParseSearch(text)
		if err != nil {
			gametest.OneLine(t, "ParseSearch", err)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), fuzzOutcomeTime)
		defer cancel()
		o := game.OutcomeOptions{MaxNodes: fuzzOutcomeNodes, Threads: 1 + int(threads)%4, TableMiB: 1}
		res, err := g.Outcome(ctx, pos, o)
		if err != nil {
			gametest.OneLine(t, "Outcome", err)
			if !errors.Is(err, game.ErrSearchLimit) && !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("Outcome(%q) on %d goroutines: %v, want an error of its bounds", text, o.Threads, err)
			}
			return
		}
		if res.Nodes < 0 || res.Method == "" {
			t.Fatalf("Outcome(%q): %+v", text, res)
		}
	})
}
