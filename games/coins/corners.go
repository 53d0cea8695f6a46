package coins

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"nimber/game"
	"nimber/sg/nimfield"
)

// CornersName is Turning Corners' name in the registry.
const CornersName = "turning-corners"

// The capabilities of Corners.
var (
	_ game.Rules[string, Corner] = Corners{}
	_ game.PartDescriber[string] = Corners{}
	_ game.Accelerator[string]   = Corners{}
)

// Corners is Turning Corners as game.Rules[string, Corner]: a position is
// its heads coins "x,y x,y ...", 0-based, in any order; its one part is
// the heads written in increasing order of y, then x. A position with no
// heads has no part.
type Corners struct{}

// Corner is a move: turn the corners of the rectangle from (A,B) to
// (X,Y), A < X and B < Y, with (X,Y) heads.
type Corner struct{ A, B, X, Y int }

// CornersGame returns Turning Corners.
func CornersGame() game.Game { return game.Of(Corners{}) }

// point is a coin's place.
type point struct{ x, y int }

// Parse reads heads coins "x,y" separated by white space or '+'; a coin
// named twice is an error.
func (Corners) Parse(text string) (game.Sum[string], error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '+' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	if len(fields) > MaxHeads {
		return game.Sum[string]{}, &game.LimitError{What: "position", Measure: "heads", Got: int64(len(fields)), Limit: MaxHeads}
	}
	seen := make(map[point]bool, len(fields))
	for i, f := range fields {
		xs, ys, ok := strings.Cut(f, ",")
		if !ok {
			return game.Sum[string]{}, fmt.Errorf("%q at coin %d is not a coin like \"2,3\"", clip(f), i+1)
		}
		var c [2]int
		for j, s := range []string{xs, ys} {
			n, large, ok := game.ParseCount(s, 0, MaxCoins-1)
			switch {
			case large:
				return game.Sum[string]{}, fmt.Errorf("%q in %q at coin %d is too large a coordinate (limit %d)", clip(s), clip(f), i+1, MaxCoins-1)
			case !ok:
				return game.Sum[string]{}, fmt.Errorf("%q in %q at coin %d is not a coordinate (0 or more)", clip(s), clip(f), i+1)
			}
			c[j] = n
		}
		p := point{c[0], c[1]}
		if seen[p] {
			return game.Sum[string]{}, fmt.Errorf("%q at coin %d names coin %d,%d a second time", clip(f), i+1, p.x, p.y)
		}
		seen[p] = true
	}
	if len(seen) == 0 {
		return game.Sum[string]{}, nil
	}
	return game.Sum[string]{Parts: []string{write(seen)}}, nil
}

// write writes heads in increasing order of y, then x.
func write(heads map[point]bool) string {
	ps := make([]point, 0, len(heads))
	for p, h := range heads {
		if h {
			ps = append(ps, p)
		}
	}
	return writePoints(ps)
}

// writePoints sorts ps in increasing order of y, then x, and writes them.
func writePoints(ps []point) string {
	slices.SortFunc(ps, func(a, b point) int { return cmp.Or(cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x)) })
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(p.x))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(p.y))
	}
	return b.String()
}

// toggle returns heads with each of the coins turned over.
func toggle(heads []point, coins [4]point) []point {
	out := slices.Clone(heads)
	for _, c := range coins {
		if i := slices.Index(out, c); i >= 0 {
			out = slices.Delete(out, i, i+1)
		} else {
			out = append(out, c)
		}
	}
	return out
}

// heads reads a part written by write.
func heads(part string) []point {
	var ps []point
	for f := range strings.FieldsSeq(part) {
		xs, ys, _ := strings.Cut(f, ",")
		x, _ := strconv.Atoi(xs)
		y, _ := strconv.Atoi(ys)
		ps = append(ps, point{x, y})
	}
	return ps
}

// Format writes the heads, "1,2 3,2".
func (Corners) Format(s game.Sum[string]) string { return strings.Join(s.Parts, " ") }

// Moves yields the moves of a part: for each heads coin (x,y), the
// rectangles with far corner (x,y), by a then b; each with the heads it
// leaves (no part when none).
func (Corners) Moves(part string) iter.Seq2[Corner, []string] {
	return func(yield func(Corner, []string) bool) {
		ps := heads(part)
		for _, p := range ps {
			for a := range p.x {
				for b := range p.y {
					var left []string
					if text := writePoints(toggle(ps, [4]point{{a, b}, {a, p.y}, {p.x, b}, p})); text != "" {
						left = []string{text}
					}
					if !yield(Corner{a, b, p.x, p.y}, left) {
						return
					}
				}
			}
		}
	}
}

// Describe says a move: "turn the corners of 0,1 to 2,3".
func (Corners) Describe(_ string, m Corner) string {
	return fmt.Sprintf("turn the corners of %d,%d to %d,%d", m.A, m.B, m.X, m.Y)
}

// Check refuses a position whose moves, x·y for a heads coin at (x,y),
// are over MaxMoves, or write over MaxWritten coins (the moves times the
// heads and the three coins a move may add).
func (Corners) Check(s game.Sum[string]) error {
	var moves, n int64
	for _, part := range s.Parts {
		for _, p := range heads(part) {
			if p.x >= MaxCoins || p.y >= MaxCoins {
				return &game.LimitError{What: fmt.Sprintf("coin %d,%d", p.x, p.y), Measure: "coordinate", Got: int64(max(p.x, p.y)), Limit: MaxCoins - 1}
			}
			moves += int64(p.x) * int64(p.y)
			n++
		}
	}
	if err := game.CheckLimit("position", "heads", n, MaxHeads); err != nil {
		return err
	}
	if err := game.CheckLimit("position", "moves", moves, MaxMoves); err != nil {
		return err
	}
	return game.CheckLimit("position", "coins written by its moves", moves*(n+3), MaxWritten)
}

// PartNoun implements game.PartDescriber: a part is a board of coins.
func (Corners) PartNoun() string { return "board" }

// DescribePart implements game.PartDescriber: "heads at 1,2 3,2".
func (Corners) DescribePart(part string) string { return "heads at " + part }

// Accelerate implements game.Accelerator: a position is worth the nim-sum
// of x ⊗ y over its heads coins (x,y).
func (c Corners) Accelerate(_ context.Context, s game.Sum[string]) (game.Valuer[string], error) {
	if err := c.Check(s); err != nil {
		return nil, err
	}
	return cornersValuer{}, nil
}

// cornersValuer values parts of Turning Corners by the Tartan theorem.
type cornersValuer struct{}

func (cornersValuer) Grundy(_ context.Context, part string) (int, error) {
	v := uint64(0)
	for _, p := range heads(part) {
		v ^= nimfield.Mul(uint64(p.x), uint64(p.y))
	}
	return int(v), nil
}
