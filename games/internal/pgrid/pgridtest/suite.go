package pgridtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/internal/testsize"
)

// Suite describes a partizan board game for the tests that every such
// game has, which Run makes of it and of the sections of its table of
// cases (testdata/cases.txt: its golden values, what its positions are
// written back as, the positions it refuses, its families' members): the
// brute force by explicit game trees on boards and on sums of two, the
// symmetries its Key uses and its hand moves. A field left zero is a test
// the game does without, or writes its own way; its test files keep only
// what its rules alone need.
type Suite struct {
	// Exact says that the section "golden" is written as CGSuite writes
	// values (Golden), as the section "cgsuite" always is.
	Exact bool
	// BruteForce are the boards whose values are held to their game
	// trees by the moves (subtest "BruteForce").
	BruteForce *Sample
	// SumBruteForce are the sums of two boards held to the sums of their
	// game trees (subtest "SumBruteForce").
	SumBruteForce *Sums
	// Images are the boards that must be worth what their images under
	// the symmetries of the square (Images) are: the symmetries Key uses,
	// transposition among them (subtest "KeyKeepsValue").
	Images *Sample
	// BadInput are the positions the game refuses besides its section
	// "bad input" (subtest "BadInput").
	BadInput *BadInput
	// HandMoves are the boards on which the hand moves of the game, and
	// of Others, are held to their options (HandMoves; subtest
	// "HandMoves").
	HandMoves []string
	// Others are the package's other games on the same boards, whose hand
	// moves are checked too.
	Others []game.Game
	// OwnSections are the sections of the table the game's own tests read
	// (Col's Snort cases); any other section Run does not know fails.
	OwnSections []string
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
	if s.Short != 0 {
		n = testsize.N(s.N, s.Short)
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

// Run runs the tests that s describes of the game g, whose rules moves
// states for the brute force (nil when s has none), each a subtest of t
// named after the test it stands for: first those of the sections of
// g's testdata/cases.txt that it knows, each when the table has it
// (CGSuite's values, written as CGSuite writes them; the golden values;
// what positions are written back as; the families' members and the
// refusals of names and members; the positions g refuses), then the brute
// force, the symmetries and the hand moves. A table without the sections
// "golden" and "bad input", or with a section neither Run nor the game's
// own tests read (OwnSections), fails the test, so that a section deleted
// or misspelt by mistake is not a test silently skipped.
func Run(t *testing.T, g game.Game, moves Moves, s Suite) {
	table := gametest.ReadTable(t, "testdata/cases.txt")
	for _, name := range []string{"golden", "bad input"} {
		if _, ok := table[name]; !ok {
			t.Fatalf("testdata/cases.txt has no section [%s]: every board game has golden values and refusals", name)
		}
	}
	read := map[string]bool{}
	for _, name := range s.OwnSections {
		read[name] = true
	}
	section := func(name, test string, check func(t *testing.T, cases []gametest.Case)) {
		read[name] = true
		if cases, ok := table[name]; ok {
			t.Run(test, func(t *testing.T) { check(t, cases) })
		}
	}
	section("cgsuite", "CGSuite", func(t *testing.T, cases []gametest.Case) { Golden(t, g, cases, true) })
	section("golden", "Golden", func(t *testing.T, cases []gametest.Case) { Golden(t, g, cases, s.Exact) })
	for _, name := range []string{"format", "split", "splits"} {
		section(name, strings.ToUpper(name[:1])+name[1:], func(t *testing.T, cases []gametest.Case) { Formats(t, g, cases) })
	}
	section("members", "Members", func(t *testing.T, cases []gametest.Case) { gametest.CheckMembers(t, g, cases) })
	section("member errors", "MemberErrors", func(t *testing.T, cases []gametest.Case) { gametest.CheckMemberErrors(t, g, cases) })
	section("bad input", "BadInput", func(t *testing.T, cases []gametest.Case) {
		ParseErrors(t, g, cases)
		if b := s.BadInput; b != nil {
			ParseErrors(t, g, b.More)
			if l := b.Limit; l.Text != "" {
				gametest.ParseLimit(t, g, l.Text, l.Got, l.Limit, l.What)
			}
		}
	})
	for name := range table {
		if !read[name] {
			t.Errorf("testdata/cases.txt: section [%s] is read by no test (a misspelt name?)", name)
		}
	}
	if s.BruteForce != nil {
		t.Run("BruteForce", func(t *testing.T) { BruteForce(t, g, moves, s.BruteForce.List()) })
	}
	if p := s.SumBruteForce; p != nil {
		t.Run("SumBruteForce", func(t *testing.T) {
			rng := rand.New(rand.NewPCG(p.Seed[0], p.Seed[1]))
			SumBruteForce(t, g, moves, p.N, gametest.Pair(rng, p.A, p.B))
		})
	}
	if s.Images != nil {
		t.Run("KeyKeepsValue", func(t *testing.T) {
			for _, board := range s.Images.List() {
				SameValue(t, g, board, Images(board)...)
			}
		})
	}
	if s.HandMoves != nil {
		t.Run("HandMoves", func(t *testing.T) {
			for _, h := range append([]game.Game{g}, s.Others...) {
				HandMoves(t, h, s.HandMoves)
			}
		})
	}
}
