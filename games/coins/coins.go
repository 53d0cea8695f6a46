// Package coins is the coin-turning games of Winning Ways (ch. 14, "Turn
// and Turn About") through the game API: a row of coins, heads H or tails
// T, and a move turns over some coins by the game's rule, the rightmost of
// them (the one farthest from the start) from heads to tails, so play ends.
// The player who cannot move loses.
//
// The one-dimensional games, positions written as rows of H and T, coins
// numbered from 0 at the left:
//
//   - turning-turtles: turn one coin, or one coin and any one coin to its
//     left;
//   - mock-turtles: turn one, two or three coins;
//   - ruler: turn any number of consecutive coins;
//   - twins: turn exactly two coins.
//
// Turning Corners (turning-corners) is played on a quarter plane: a move
// turns the four corners (a,b), (a,y), (x,b), (x,y) of a rectangle with
// a < x and b < y, and (x,y) from heads to tails. A position is its heads
// coins "x,y x,y ...", 0-based.
//
// A coin-turning position is worth the nim-sum of its heads coins' values
// each alone (Winning Ways; Lenstra): coin n is worth n+1 in Turning
// Turtles, the n-th odious number (1, 2, 4, 7, 8, 11, ...) in Mock Turtles,
// the largest power of 2 that divides n+1 in Ruler, n in Twins, and the
// heads coin at (x,y) x ⊗ y in Turning Corners, the nim-product (the Tartan
// theorem). The games' accelerators value positions so; their tests value
// them straight from the moves.
package coins

import (
	"context"
	"fmt"
	"iter"
	"math/bits"
	"strings"

	"nimber/game"
)

// Limits of a position.
const (
	// MaxCoins bounds a row of the one-dimensional games, and the
	// coordinates of Turning Corners (below MaxCoins).
	MaxCoins = 1 << 12
	// MaxRows bounds the rows of a position of a one-dimensional game.
	MaxRows = 1 << 8
	// MaxHeads bounds the heads coins of a Turning Corners position.
	MaxHeads = 1 << 10
	// MaxMoves bounds the moves of a position, all rows together, which its
	// analysis lists; it is estimated from the heads before any move is
	// made.
	MaxMoves = 1 << 17
	// MaxWritten bounds the coins that the moves of a position write, the
	// moves of each row times its length (for Turning Corners the moves
	// times the heads): each move's position is written out in its
	// analysis, at about 18 bytes a coin.
	MaxWritten = 1 << 23
)

// Rule is the rule of a one-dimensional game: which coins a move turns.
type Rule int

// The one-dimensional games.
const (
	TurningTurtles Rule = iota // one coin, or two
	MockTurtles                // one, two or three coins
	Ruler                      // a run of consecutive coins
	Twins                      // exactly two coins
)

// names are the rules' names in the registry.
var names = [...]string{"turning-turtles", "mock-turtles", "ruler", "twins"}

// String returns the rule's name in the registry, "mock-turtles".
func (r Rule) String() string { return names[r] }

// The capabilities of Row.
var (
	_ game.Rules[string, Move]   = Row{}
	_ game.PartDescriber[string] = Row{}
	_ game.Accelerator[string]   = Row{}
)

// Row is a one-dimensional coin-turning game as game.Rules[string, Move]:
// a part is a row of coins, "HTTH", and a position rows separated by
// spaces or '+', each a game of its own in the sum.
type Row struct{ Rule Rule }

// Move turns over the coins at Coins, in increasing order: the last was
// heads and becomes tails. A Run turns over every coin from Coins[0] to
// Coins[1] (Ruler's moves).
type Move struct {
	Coins []int
	Run   bool
}

// turned returns the coins m turns over, in increasing order.
func (m Move) turned() []int {
	if !m.Run || len(m.Coins) != 2 {
		return m.Coins
	}
	var out []int
	for c := m.Coins[0]; c <= m.Coins[1]; c++ {
		out = append(out, c)
	}
	return out
}

// Game returns the game of rule r.
func Game(r Rule) game.Game { return game.Of(Row{r}) }

// Parse reads rows of H and T (either case) separated by white space or
// '+'.
func (g Row) Parse(text string) (game.Sum[string], error) {
	var s game.Sum[string]
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '+' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	for i, f := range fields {
		if i >= MaxRows {
			return game.Sum[string]{}, &game.LimitError{What: "position", Measure: "rows", Got: int64(len(fields)), Limit: MaxRows}
		}
		if len(f) > MaxCoins {
			return game.Sum[string]{}, &game.LimitError{What: fmt.Sprintf("row %d", i+1), Measure: "coins", Got: int64(len(f)), Limit: MaxCoins}
		}
		row := []byte(strings.ToUpper(f))
		for j, c := range row {
			if c != 'H' && c != 'T' {
				return game.Sum[string]{}, fmt.Errorf("%q at coin %d of row %d is not a coin: want H (heads) or T (tails)", clip(f[j:j+1]), j, i+1)
			}
		}
		s.Parts = append(s.Parts, string(row))
	}
	return s, nil
}

// Format writes the rows separated by spaces.
func (Row) Format(s game.Sum[string]) string { return strings.Join(s.Parts, " ") }

// Moves yields the moves of a row, by heads coin from the left, each with
// the row it leaves.
func (g Row) Moves(row string) iter.Seq2[Move, []string] {
	return func(yield func(Move, []string) bool) {
		b := []byte(row)
		emit := func(coins ...int) bool {
			after := []byte(row)
			for _, c := range coins {
				after[c] ^= 'H' ^ 'T'
			}
			return yield(Move{Coins: coins}, []string{string(after)})
		}
		for n, c := range b {
			if c != 'H' {
				continue
			}
			if g.Rule == Ruler {
				after := []byte(row)
				for j := n; j >= 0; j-- {
					after[j] ^= 'H' ^ 'T'
					if !yield(Move{Coins: []int{j, n}, Run: true}, []string{string(after)}) {
						return
					}
				}
				continue
			}
			sizes := g.Rule.sizes()
			if sizes[1] && !emit(n) {
				return
			}
			for j := range n {
				if sizes[2] && !emit(j, n) {
					return
				}
			}
			for j := range n {
				for k := j + 1; k < n && sizes[3]; k++ {
					if !emit(j, k, n) {
						return
					}
				}
			}
		}
	}
}

// sizes returns which numbers of coins, 1 to 3, a move of a rule other
// than Ruler turns over.
func (r Rule) sizes() [4]bool {
	switch r {
	case TurningTurtles:
		return [4]bool{1: true, 2: true}
	case Twins:
		return [4]bool{2: true}
	default: // MockTurtles
		return [4]bool{1: true, 2: true, 3: true}
	}
}

// moveCount returns the moves from a heads coin at n.
func (g Row) moveCount(n int64) int64 {
	switch g.Rule {
	case TurningTurtles, Ruler:
		return n + 1
	case Twins:
		return n
	default: // MockTurtles
		return 1 + n + n*(n-1)/2
	}
}

// Describe says a move: "turn coins 1,4, leaving THTTT"; a run of Ruler
// "turn coins 2-4, leaving THTHT".
func (g Row) Describe(row string, m Move) string {
	after := []byte(row)
	for _, c := range m.turned() {
		if c >= 0 && c < len(after) {
			after[c] ^= 'H' ^ 'T'
		}
	}
	words := make([]string, len(m.Coins))
	for i, c := range m.Coins {
		words[i] = fmt.Sprint(c)
	}
	sep := ","
	switch {
	case m.Run && len(m.Coins) == 2 && m.Coins[0] == m.Coins[1]:
		words, sep = words[:1], ""
	case m.Run:
		sep = "-"
	}
	noun := "coins"
	if len(words) == 1 {
		noun = "coin"
	}
	return fmt.Sprintf("turn %s %s, leaving %s", noun, strings.Join(words, sep), after)
}

// Check refuses a position whose moves, counted from its heads, are over
// MaxMoves, or write over MaxWritten coins.
func (g Row) Check(s game.Sum[string]) error {
	if err := game.CheckLimit("position", "rows", int64(len(s.Parts)), MaxRows); err != nil {
		return err
	}
	var moves, written int64
	for i, row := range s.Parts {
		if err := game.CheckLimit(fmt.Sprintf("row %d", i+1), "coins", int64(len(row)), MaxCoins); err != nil {
			return err
		}
		var m int64
		for n, c := range []byte(row) {
			if c == 'H' {
				m += g.moveCount(int64(n))
			}
		}
		moves += m
		written += m * int64(len(row))
	}
	if err := game.CheckLimit("position", "moves", moves, MaxMoves); err != nil {
		return err
	}
	return game.CheckLimit("position", "coins written by its moves", written, MaxWritten)
}

// PartNoun implements game.PartDescriber: a part is a row of coins.
func (Row) PartNoun() string { return "row" }

// DescribePart implements game.PartDescriber: "5 coins, heads at 0, 3".
func (Row) DescribePart(row string) string {
	var heads []string
	for n, c := range []byte(row) {
		if c == 'H' {
			heads = append(heads, fmt.Sprint(n))
		}
	}
	if len(heads) == 0 {
		return fmt.Sprintf("%d coins, all tails", len(row))
	}
	return fmt.Sprintf("%d coins, heads at %s", len(row), strings.Join(heads, ","))
}

// Coin returns the value of a heads coin at n alone in a row of the rule's
// game.
func (r Rule) Coin(n int) int {
	switch r {
	case TurningTurtles:
		return n + 1
	case Twins:
		return n
	case Ruler:
		return (n + 1) & -(n + 1)
	default: // MockTurtles: the n-th odious number
		return 2*n + 1 - bits.OnesCount(uint(n))%2
	}
}

// Accelerate implements game.Accelerator: a row is worth the nim-sum of
// its heads coins' values (Rule.Coin).
func (g Row) Accelerate(_ context.Context, s game.Sum[string]) (game.Valuer[string], error) {
	if err := g.Check(s); err != nil {
		return nil, err
	}
	return rowValuer(g.Rule), nil
}

// rowValuer values rows of a rule's game by their heads.
type rowValuer Rule

func (r rowValuer) Grundy(_ context.Context, row string) (int, error) {
	v := 0
	for n, c := range []byte(row) {
		if c == 'H' {
			v ^= Rule(r).Coin(n)
		}
	}
	return v, nil
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
