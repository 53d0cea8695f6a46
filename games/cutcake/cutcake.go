// Package cutcake is the partizan game Cutcake, with Winning Ways' and
// CGSuite's conventions: a position is one or more rectangles of cake
// (rows x columns); Left cuts a rectangle vertically, along a line between
// two columns, into two narrower ones, and Right horizontally, between two
// rows; who cannot cut loses. Every rectangle is valued separately, and
// every value is an integer.
package cutcake

import (
	"fmt"
	"iter"
	"math"
	"strings"

	"nimber/game"
)

// MaxSide is the most rows or columns of one rectangle Check accepts: a
// rectangle of r x c has r·c sub-rectangles of r+c cuts each, so a larger
// one is refused before it is searched.
const MaxSide = 100

// Game returns Cutcake, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[Cake](rules{})

// Cake is a rectangle of cake, Rows x Cols.
type Cake struct{ Rows, Cols int }

// String writes c as Parse reads it: "RxC".
func (c Cake) String() string { return fmt.Sprintf("%dx%d", c.Rows, c.Cols) }

// rules is Cutcake's rules.
type rules struct{}

// Options yields side's options of cake p: Left's cuts between two
// columns, Right's between two rows, each leaving the two pieces (a 1x1
// piece, where no one can cut, left out); a cut and its mirror image
// leave the same pieces and are yielded once.
func (rules) Options(p Cake, side game.Side) iter.Seq[[]Cake] {
	return func(yield func([]Cake) bool) {
		n := p.Cols
		if side == game.Right {
			n = p.Rows
		}
		for a := 1; a <= n-a; a++ {
			var leaves []Cake
			for _, k := range [2]int{a, n - a} {
				c := p
				if side == game.Left {
					c.Cols = k
				} else {
					c.Rows = k
				}
				if c.Rows > 1 || c.Cols > 1 {
					leaves = append(leaves, c)
				}
			}
			if !yield(leaves) {
				return
			}
		}
	}
}

// Parse reads a position: one rectangle "RxC" (R rows, C columns, each
// at least 1), or several joined by '+' (a sum). Errors say the rectangle
// (when there are several) and what is wrong.
func (rules) Parse(text string) (game.Sum[Cake], error) {
	if err := game.CheckText(text, game.MaxText); err != nil {
		return game.Sum[Cake]{}, err
	}
	cakes := strings.Split(text, "+")
	var s game.Sum[Cake]
	for i, t := range cakes {
		where := ""
		if len(cakes) > 1 {
			where = fmt.Sprintf("rectangle %d: ", i+1)
		}
		c, err := parseCake(strings.TrimSpace(t))
		if err != nil {
			return game.Sum[Cake]{}, fmt.Errorf("%s%w", where, err)
		}
		if c.Rows > 1 || c.Cols > 1 {
			s.Parts = append(s.Parts, c)
		}
	}
	return s, nil
}

// parseCake reads one rectangle "RxC".
func parseCake(t string) (Cake, error) {
	rs, cs, ok := strings.Cut(strings.ToLower(t), "x")
	if !ok {
		return Cake{}, fmt.Errorf("%q is not a rectangle ROWSxCOLUMNS such as 2x3", t)
	}
	var c Cake
	for _, f := range []struct {
		name string
		text string
		to   *int
	}{{"rows", rs, &c.Rows}, {"columns", cs, &c.Cols}} {
		n, _, ok := game.ParseCount(f.text, 1, math.MaxInt)
		if !ok {
			return Cake{}, fmt.Errorf("%q: %s %q is not a whole number of at least 1", t, f.name, f.text)
		}
		*f.to = n
	}
	return c, nil
}

// Format writes a position as Parse reads it: its rectangles joined by
// " + ", and a position with none as "1x1".
func (rules) Format(s game.Sum[Cake]) string {
	if len(s.Parts) == 0 {
		return "1x1"
	}
	return game.JoinParts(s.Parts, Cake.String, " + ")
}

// Check refuses a rectangle of more than MaxSide rows or columns.
func (rules) Check(s game.Sum[Cake]) error {
	for i, c := range s.Parts {
		what := fmt.Sprintf("rectangle %d (%s)", i+1, c)
		if err := game.CheckLimit(what, "rows", int64(c.Rows), MaxSide); err != nil {
			return err
		}
		if err := game.CheckLimit(what, "columns", int64(c.Cols), MaxSide); err != nil {
			return err
		}
	}
	return nil
}

func (rules) PartNoun() string { return "rectangle" }

func (rules) DescribePart(c Cake) string {
	return fmt.Sprintf("%d rows by %d columns", c.Rows, c.Cols)
}

// HandMoves lists side's cuts of the part's text (one rectangle "RxC", of
// at most 64 rows and columns) as a player makes them by hand: Left's
// between two columns, pointed at by the cells left of the cut, Right's
// between two rows, by the cells above it.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	c, err := parseCake(part)
	if err != nil || c.Rows > 64 || c.Cols > 64 {
		return nil
	}
	var out []game.HandMove
	if side == game.Left {
		for j := 1; j < c.Cols; j++ {
			m := game.HandMove{Cut: "vertical", After: Cake{c.Rows, j}.String() + " + " + Cake{c.Rows, c.Cols - j}.String()}
			for i := range c.Rows {
				m.Cells = append(m.Cells, game.Cell{Row: i, Col: j - 1})
			}
			out = append(out, m)
		}
		return out
	}
	for i := 1; i < c.Rows; i++ {
		m := game.HandMove{Cut: "horizontal", After: Cake{i, c.Cols}.String() + " + " + Cake{c.Rows - i, c.Cols}.String()}
		for j := range c.Cols {
			m.Cells = append(m.Cells, game.Cell{Row: i - 1, Col: j})
		}
		out = append(out, m)
	}
	return out
}
