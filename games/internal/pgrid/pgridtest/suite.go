package pgridtest

import (
	"math/rand/v2"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
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
		n = Count(s.N, s.Short)
	}
	next := s.Next
	if next == nil {
		next = func(rng *rand.Rand, _ int) string { return s.Draw.Board(rng) }
	}
	drawn := Boards(n, func(i int) string { return next(rng, i) })
	return append(append([]string(nil), s.Fixed...), drawn...)
}

// Count returns how many random cases a test draws: full, or short
// under -short.
func Count(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
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

// sectionCheck checks the cases of a section of the game g's table, which
// s describes further.
type sectionCheck func(t *testing.T, g game.Game, s Suite, cases []gametest.Case)

// sections are the sections of a table of cases that Run checks, in
// order, each with its subtest's name and its check.
var sections = []struct {
	name, test string
	check      sectionCheck
}{
	{"cgsuite", "CGSuite", cgsuite},
	{"golden", "Golden", golden},
	{"format", "Format", formats},
	{"split", "Split", formats},
	{"splits", "Splits", formats},
	{"members", "Members", members},
	{"member errors", "MemberErrors", memberErrors},
	{"bad input", "BadInput", badInput},
}

// cgsuite checks CGSuite's own values, written as CGSuite writes them.
func cgsuite(t *testing.T, g game.Game, _ Suite, cases []gametest.Case) { Golden(t, g, cases, true) }

// golden checks golden values, written exactly when s says so.
func golden(t *testing.T, g game.Game, s Suite, cases []gametest.Case) {
	Golden(t, g, cases, s.Exact)
}

// formats checks what positions are written back as.
func formats(t *testing.T, g game.Game, _ Suite, cases []gametest.Case) { Formats(t, g, cases) }

// members checks the positions the game's families write.
func members(t *testing.T, g game.Game, _ Suite, cases []gametest.Case) {
	gametest.CheckMembers(t, g, cases)
}

// memberErrors checks the family names and members the game refuses.
func memberErrors(t *testing.T, g game.Game, _ Suite, cases []gametest.Case) {
	gametest.CheckMemberErrors(t, g, cases)
}

// badInput checks the positions the game refuses: those of the section,
// then those s.BadInput adds.
func badInput(t *testing.T, g game.Game, s Suite, cases []gametest.Case) {
	ParseErrors(t, g, cases)
	if b := s.BadInput; b != nil {
		ParseErrors(t, g, b.More)
		if l := b.Limit; l.Text != "" {
			gametest.ParseLimit(t, g, l.Text, l.Got, l.Limit, l.What)
		}
	}
}

// Run runs the tests that s describes of the game g, whose rules moves
// states for the brute force (nil when s has none), each a subtest of t
// named after the test it stands for: first those of the sections of
// g's testdata/cases.txt that sections names, then the brute force, the
// symmetries and the hand moves.
func Run(t *testing.T, g game.Game, moves Moves, s Suite) {
	table := gametest.ReadTable(t, "testdata/cases.txt")
	for _, k := range sections {
		if cases, ok := table[k.name]; ok {
			t.Run(k.test, func(t *testing.T) { k.check(t, g, s, cases) })
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
