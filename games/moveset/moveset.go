// Package moveset is a token on a rectangular board moving by a fixed set of
// steps, such as the seed's knight that moves only up and to the left: a
// finite impartial game (a compound.GameGraph) whose positions are the squares.
package moveset

import (
	"fmt"
	"strconv"
	"strings"

	"nimber/compound"
	"nimber/game"
)

// Limits of NewBoard and ParseSteps.
const (
	MaxSide  = 10000   // rows and columns, and the size of a step's deltas
	MaxCells = 1 << 26 // squares of a board
	MaxSteps = 256     // steps of a step set
)

// maxCheckWork bounds squares x steps for the square-by-square acyclicity
// check NewBoard falls back on when no potential proves the board acyclic.
const maxCheckWork = 1 << 24

// Step is a move: DR rows down (up when negative) and DC columns right (left
// when negative).
type Step struct{ DR, DC int }

// String returns the step as "(DR,DC)", e.g. "(1,-2)".
func (s Step) String() string { return fmt.Sprintf("(%d,%d)", s.DR, s.DC) }

// Knight is the seed's default step set: (+1,-2), (-1,-2), (-2,+1), (-2,-1)
// as (row, column). Every step goes left or up, so the game ends; the
// squares with no move are those of the top-left 2 x 2 corner.
var Knight = []Step{{1, -2}, {-1, -2}, {-2, 1}, {-2, -1}}

// Board is a token on a Rows x Cols board moving by Steps. Position r*Cols+c
// is the token on row r, column c (0-based); its options are the squares on
// the board one step away. Board implements compound.GameGraph; build it with
// NewBoard, which checks that the game is finite (acyclic).
type Board struct {
	Rows, Cols int
	Steps      []Step
}

// NewBoard returns the board of rows x cols squares with a copy of steps. It
// refuses sizes outside 1..MaxSide or beyond MaxCells squares, an empty step
// set, more than MaxSteps steps, a step that does not move, a repeated step,
// deltas outside -MaxSide..MaxSide, and step sets that allow the token to
// come back to a square (a cycle: the game would not end).
//
// Acyclicity is proved by a potential a*row + b*column that every step
// usable on the board (one shorter than the board in both directions)
// strictly decreases. Such a potential exists exactly when the usable steps
// lie in an open half-plane, which is decided exactly (not by trying small
// a, b). Without one the steps can make a cycle on a large enough board;
// whether this board is large enough is then checked square by square
// (compound.TopologicalOrder) when rows*cols*len(steps) <= 1<<24, and the
// board is refused otherwise.
func NewBoard(rows, cols int, steps []Step) (*Board, error) {
	if rows < 1 || rows > MaxSide {
		return nil, fmt.Errorf("board %d x %d: rows out of range 1..%d", rows, cols, MaxSide)
	}
	if cols < 1 || cols > MaxSide {
		return nil, fmt.Errorf("board %d x %d: columns out of range 1..%d", rows, cols, MaxSide)
	}
	if rows*cols > MaxCells {
		return nil, fmt.Errorf("board %d x %d has %d squares, limit %d", rows, cols, rows*cols, MaxCells)
	}
	if err := checkSteps(steps, func(i int) string { return fmt.Sprintf("step %d %v", i+1, steps[i]) }); err != nil {
		return nil, err
	}
	b := &Board{Rows: rows, Cols: cols, Steps: append([]Step(nil), steps...)}

	var usable []Step
	for _, s := range b.Steps {
		if abs(s.DR) < rows && abs(s.DC) < cols {
			usable = append(usable, s)
		}
	}
	if len(usable) == 0 {
		return b, nil
	}
	if _, _, ok := Potential(usable); ok {
		return b, nil
	}
	if rows*cols*len(usable) > maxCheckWork {
		return nil, fmt.Errorf("steps %s allow cycles: no potential a*row + b*column decreases along every step, and the %d x %d board is too large to check square by square",
			FormatSteps(steps), rows, cols)
	}
	if _, err := compound.TopologicalOrder(b); err != nil {
		return nil, fmt.Errorf("steps %s allow cycles on the %d x %d board: %v", FormatSteps(steps), rows, cols, err)
	}
	return b, nil
}

// checkSteps checks a step set; name(i) names step i in an error.
func checkSteps(steps []Step, name func(i int) string) error {
	if len(steps) == 0 {
		return fmt.Errorf("no steps")
	}
	if len(steps) > MaxSteps {
		return fmt.Errorf("%d steps, limit %d", len(steps), MaxSteps)
	}
	first := make(map[Step]int, len(steps))
	for i, s := range steps {
		if s.DR < -MaxSide || s.DR > MaxSide || s.DC < -MaxSide || s.DC > MaxSide {
			return fmt.Errorf("%s: deltas out of range -%d..%d", name(i), MaxSide, MaxSide)
		}
		if s == (Step{}) {
			return fmt.Errorf("%s does not move", name(i))
		}
		if j, ok := first[s]; ok {
			return fmt.Errorf("%s repeats step %d", name(i), j+1)
		}
		first[s] = i
	}
	return nil
}

// Potential returns a, b such that a*DR + b*DC < 0 for every step: the
// potential a*row + b*column strictly decreases along every move, which
// proves that no sequence of moves comes back to a square. ok is false when
// no such a, b exist, that is when some non-empty combination of the steps
// with non-negative integer counts adds up to no displacement at all. Steps
// must be non-zero and their deltas within -MaxSide..MaxSide.
func Potential(steps []Step) (a, b int, ok bool) {
	decreases := func(a, b int) bool {
		for _, s := range steps {
			if a*s.DR+b*s.DC >= 0 {
				return false
			}
		}
		return true
	}
	// Small potentials first, for readability: (1,1) proves the knight.
	for _, a := range []int{1, 0, -1, 2, -2, 3, -3} {
		for _, b := range []int{1, 0, -1, 2, -2, 3, -3} {
			if (a != 0 || b != 0) && decreases(a, b) {
				return a, b, true
			}
		}
	}
	// The steps lie in an open half-plane exactly when the cone they span
	// is pointed: all along one direction u (then -u works), or between two
	// extreme steps u and w with cross(u, w) > 0, whose normals pointing
	// away from the cone add up to d = (u.DC-w.DC, w.DR-u.DR) with d.u < 0
	// and d.w < 0, hence d.v < 0 for every v in the cone.
	for _, u := range steps {
		if decreases(-u.DR, -u.DC) {
			return -u.DR, -u.DC, true
		}
		for _, w := range steps {
			if u.DR*w.DC-u.DC*w.DR > 0 {
				if a, b := u.DC-w.DC, w.DR-u.DR; decreases(a, b) {
					return a, b, true
				}
			}
		}
	}
	return 0, 0, false
}

// Len implements compound.GameGraph: the number of squares.
func (b *Board) Len() int { return b.Rows * b.Cols }

// Options implements compound.GameGraph: the squares one step away from square
// p, in the order of the steps.
func (b *Board) Options(p int, yield func(q int)) {
	r, c := p/b.Cols, p%b.Cols
	for _, s := range b.Steps {
		nr, nc := r+s.DR, c+s.DC
		if nr >= 0 && nr < b.Rows && nc >= 0 && nc < b.Cols {
			yield(nr*b.Cols + nc)
		}
	}
}

// Position returns the position of the square on row, col (0-based). It
// panics when the square is not on the board.
func (b *Board) Position(row, col int) int {
	if row < 0 || row >= b.Rows || col < 0 || col >= b.Cols {
		panic(fmt.Sprintf("moveset: square (%d,%d) is not on the %d x %d board (0-based)", row, col, b.Rows, b.Cols))
	}
	return row*b.Cols + col
}

// Name returns the square of position p as "(row,col)", 1-based: position 0
// is "(1,1)".
func (b *Board) Name(p int) string {
	return fmt.Sprintf("(%d,%d)", p/b.Cols+1, p%b.Cols+1)
}

// ParseSteps reads a step set: "row,col" pairs separated by ';', as in
// "1,-2;-1,-2;-2,1;-2,-1", or pairs in parentheses separated by spaces or
// commas, as in "(1,-2) (-1,-2)" or "(1,-2),(-1,-2)". White space around the
// numbers is allowed; without ';' or parentheses pairs are separated by
// white space ("1,-2 -1,-2"). Errors name the bad item. The steps are
// checked as NewBoard checks them (non-zero, distinct, deltas within
// -MaxSide..MaxSide).
func ParseSteps(s string) ([]Step, error) {
	items, err := splitSteps(s)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("no steps in %q", clip(s))
	}
	if len(items) > MaxSteps {
		return nil, fmt.Errorf("%d steps, limit %d", len(items), MaxSteps)
	}
	steps := make([]Step, len(items))
	for i, item := range items {
		name := fmt.Sprintf("step %d %q", i+1, clip(item))
		inner := item
		open, closed := strings.HasPrefix(item, "("), strings.HasSuffix(item, ")")
		switch {
		case open && closed:
			inner = item[1 : len(item)-1]
		case open:
			return nil, fmt.Errorf(`%s: missing ")"`, name)
		case closed:
			return nil, fmt.Errorf(`%s: missing "("`, name)
		}
		parts := strings.Split(inner, ",")
		if len(parts) != 2 {
			return nil, fmt.Errorf("%s: want row,column, two integers", name)
		}
		var d [2]int
		for k, part := range parts {
			part = strings.TrimSpace(part)
			v, err := strconv.Atoi(part)
			if err != nil {
				if isInteger(part) {
					return nil, fmt.Errorf("%s: deltas out of range -%d..%d", name, MaxSide, MaxSide)
				}
				return nil, fmt.Errorf("%s: %q is not an integer", name, clip(part))
			}
			d[k] = v
		}
		steps[i] = Step{d[0], d[1]}
	}
	if err := checkSteps(steps, func(i int) string { return fmt.Sprintf("step %d %q", i+1, clip(items[i])) }); err != nil {
		return nil, err
	}
	return steps, nil
}

// splitSteps splits a step set into its items, trimmed.
func splitSteps(s string) ([]string, error) {
	var items []string
	if strings.Contains(s, ";") {
		parts := strings.Split(s, ";")
		if strings.TrimSpace(parts[len(parts)-1]) == "" {
			parts = parts[:len(parts)-1] // a final ';' is allowed
		}
		for i, p := range parts {
			p = strings.TrimSpace(p)
			if p == "" {
				return nil, fmt.Errorf("step %d is empty (two ';' in a row)", i+1)
			}
			items = append(items, p)
		}
		return items, nil
	}
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		if s[i] == '(' {
			j := strings.IndexByte(s[i:], ')')
			if j < 0 {
				return nil, fmt.Errorf(`step %d %q: missing ")"`, len(items)+1, clip(strings.TrimSpace(s[i:])))
			}
			items = append(items, s[i:i+j+1])
			i += j + 1
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i < len(s) && s[i] == ',' {
				i++ // "(1,-2),(-1,-2)"
			}
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) && s[j] != '(' {
			j++
		}
		items = append(items, s[i:j])
		i = j
	}
	return items, nil
}

// FormatSteps writes a step set as ParseSteps reads it:
// "1,-2;-1,-2;-2,1;-2,-1".
func FormatSteps(steps []Step) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = fmt.Sprintf("%d,%d", s.DR, s.DC)
	}
	return strings.Join(parts, ";")
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isInteger reports whether s is an optionally signed run of digits.
func isInteger(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// clip shortens s to 24 bytes for an error message.
func clip(s string) string { return game.Clip(s, 24) }
