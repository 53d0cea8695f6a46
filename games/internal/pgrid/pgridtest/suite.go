package pgridtest

import (
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

// Suite describes a partizan board game for the tests that every such
// game has, which Run makes of it: its golden values and what its
// positions are written back as (sections of its testdata/cases.txt),
// the brute force by explicit game trees on boards and on sums of two,
// the symmetries its Key uses, the positions it refuses and its hand
// moves. A field left zero is a test the game does without, or writes
// its own way; its test files keep only what its rules alone need.
type Suite struct {
	// Game is the game under test.
	Game game.Game
	// Moves is the test's own statement of the rules, for the brute
	// force.
	Moves Moves
	// Golden are the sections of golden values (Golden), each a subtest.
	Golden []Section
	// Formats are the sections of what positions are written back as
	// (Formats), each a subtest.
	Formats []Section
	// BruteForce are the boards whose values are held to their game
	// trees by Moves (subtest "BruteForce").
	BruteForce *Sample
	// SumBruteForce are the sums of two boards held to the sums of their
	// game trees (subtest "SumBruteForce").
	SumBruteForce *Sums
	// Images are the boards that must be worth what their images under
	// the symmetries of the square (Images) are: the symmetries Key uses,
	// transposition among them (subtest "KeyKeepsValue").
	Images *Sample
	// BadInput are the positions Game refuses besides its section "bad
	// input" (subtest "BadInput").
	BadInput *BadInput
	// HandMoves are the boards on which the hand moves of Game, and of
	// Others, are held to their options (HandMoves; subtest "HandMoves").
	HandMoves []string
	// Others are the package's other games on the same boards, whose hand
	// moves are checked too.
	Others []game.Game
}

// Section is a section of a game's table of cases (testdata/cases.txt,
// gametest.Cases): Test names its subtest and Name the section; Exact
// says that its golden values are written as CGSuite writes them; Game,
// when set, is the package's other game that the section is of.
type Section struct {
	Test, Name string
	Exact      bool
	Game       game.Game
}

// Sample describes the boards of a test: Fixed ones, then N drawn from a
// generator seeded by Seed (Short of them under -short, when Short is
// set), each by Next when set, else by Draw.
type Sample struct {
	Fixed    []string
	Seed     [2]uint64
	N, Short int
	Draw     gametest.Draw
	Next     func(rng *rand.Rand, i int) string
}

// List returns the boards of s: the fixed ones, then the drawn ones, one
// after another from one generator.
func (s Sample) List() []string {
	rng := rand.New(rand.NewPCG(s.Seed[0], s.Seed[1]))
	n := s.N
	if s.Short != 0 && testing.Short() {
		n = s.Short
	}
	next := s.Next
	if next == nil {
		next = func(rng *rand.Rand, _ int) string { return s.Draw.Board(rng) }
	}
	drawn := Boards(n, func(i int) string { return next(rng, i) })
	return append(append([]string(nil), s.Fixed...), drawn...)
}

// Sums describes the sums of a test: N sums of a board of A and a board
// of B, drawn from a generator seeded by Seed (gametest.Pair).
type Sums struct {
	Seed [2]uint64
	N    int
	A, B gametest.Draw
}

// BadInput describes the positions a game refuses besides its section
// "bad input": More, cases written in Go (ParseErrors), and Limit, a
// position refused by a *game.LimitError.
type BadInput struct {
	More  []gametest.Case
	Limit Limit
}

// Limit is a position refused by a limit (gametest.ParseLimit): Text
// measures Got against Limit, What names the measure.
type Limit struct {
	Text       string
	Got, Limit int64
	What       string
}

// Run runs the tests that s describes, each a subtest of t named after
// the test it stands for.
func Run(t *testing.T, s Suite) {
	sections := func(list []Section, check func(t *testing.T, g game.Game, k Section)) {
		for _, k := range list {
			g := s.Game
			if k.Game != nil {
				g = k.Game
			}
			t.Run(k.Test, func(t *testing.T) { check(t, g, k) })
		}
	}
	sections(s.Golden, func(t *testing.T, g game.Game, k Section) {
		Golden(t, g, gametest.Cases(t, k.Name), k.Exact)
	})
	sections(s.Formats, func(t *testing.T, g game.Game, k Section) {
		Formats(t, g, gametest.Cases(t, k.Name))
	})
	if s.BruteForce != nil {
		t.Run("BruteForce", func(t *testing.T) { BruteForce(t, s.Game, s.Moves, s.BruteForce.List()) })
	}
	if p := s.SumBruteForce; p != nil {
		t.Run("SumBruteForce", func(t *testing.T) {
			rng := rand.New(rand.NewPCG(p.Seed[0], p.Seed[1]))
			SumBruteForce(t, s.Game, s.Moves, p.N, gametest.Pair(rng, p.A, p.B))
		})
	}
	if s.Images != nil {
		t.Run("KeyKeepsValue", func(t *testing.T) {
			for _, board := range s.Images.List() {
				SameValue(t, s.Game, board, Images(board)...)
			}
		})
	}
	if b := s.BadInput; b != nil {
		t.Run("BadInput", func(t *testing.T) {
			ParseErrors(t, s.Game, gametest.Cases(t, "bad input"))
			ParseErrors(t, s.Game, b.More)
			if l := b.Limit; l.Text != "" {
				gametest.ParseLimit(t, s.Game, l.Text, l.Got, l.Limit, l.What)
			}
		})
	}
	if s.HandMoves != nil {
		t.Run("HandMoves", func(t *testing.T) {
			for _, g := range append([]game.Game{s.Game}, s.Others...) {
				HandMoves(t, g, s.HandMoves)
			}
		})
	}
}
