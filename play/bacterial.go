package play

import (
	"context"
	"errors"
	"fmt"

	"nimber/games/bacterial"
	"nimber/games/grid"
)

// errLost is the error of a move whose cell is in no component: the state's
// bookkeeping disagrees with its board, which the tests rule out.
var errLost = errors.New("internal error: the cell is in no component of the position")

// bacterialState is a game of Bacterial Tactics in progress. The uninfected
// cells form disjoint rectangles, the components, each bounded by infected
// cells or the board's edge: a safe colony infects the whole row (H) or
// column (V) of its rectangle, leaving two rectangles.
type bacterialState struct {
	g     grid.Grid
	table *bacterial.Table
	// rowPre[r*(C+1)+c] counts the radioactive cells of row r in columns
	// < c; colPre[c*(R+1)+r] those of column c in rows < r.
	rowPre, colPre []int32
	disp           []byte
	comps          []bacterial.Rect
}

func startBacterial(ctx context.Context, g grid.Grid, _ ReplayOptions) (state, error) {
	t, err := bacterial.SolveTable(ctx, g)
	if err != nil {
		return nil, err
	}
	R, C := g.Rows, g.Cols
	s := &bacterialState{g: g, table: t,
		rowPre: make([]int32, R*(C+1)), colPre: make([]int32, C*(R+1)),
		disp:  append([]byte(nil), g.Cells...),
		comps: []bacterial.Rect{{R1: 0, R2: R - 1, C1: 0, C2: C - 1}}}
	for r := 0; r < R; r++ {
		for c := 0; c < C; c++ {
			var m int32
			if g.At(r, c) == bacterial.Radioactive {
				m = 1
			}
			s.rowPre[r*(C+1)+c+1] = s.rowPre[r*(C+1)+c] + m
			s.colPre[c*(R+1)+r+1] = s.colPre[c*(R+1)+r] + m
		}
	}
	return s, nil
}

// rowFree reports whether row r has no radioactive cell in columns c1..c2.
func (s *bacterialState) rowFree(r, c1, c2 int) bool {
	C := s.g.Cols
	return s.rowPre[r*(C+1)+c2+1] == s.rowPre[r*(C+1)+c1]
}

// colFree reports whether column c has no radioactive cell in rows r1..r2.
func (s *bacterialState) colFree(c, r1, r2 int) bool {
	R := s.g.Rows
	return s.colPre[c*(R+1)+r2+1] == s.colPre[c*(R+1)+r1]
}

// find returns the index of the component holding cell (r, c), or -1.
func (s *bacterialState) find(r, c int) int {
	for k, x := range s.comps {
		if x.R1 <= r && r <= x.R2 && x.C1 <= c && c <= x.C2 {
			return k
		}
	}
	return -1
}

// cut returns the two parts of x left by a colony at (r, c), empty ones
// included.
func cut(x bacterial.Rect, r, c int, horizontal bool) [2]bacterial.Rect {
	if horizontal {
		return [2]bacterial.Rect{{R1: x.R1, R2: r - 1, C1: x.C1, C2: x.C2}, {R1: r + 1, R2: x.R2, C1: x.C1, C2: x.C2}}
	}
	return [2]bacterial.Rect{{R1: x.R1, R2: x.R2, C1: x.C1, C2: c - 1}, {R1: x.R1, R2: x.R2, C1: c + 1, C2: x.C2}}
}

func (s *bacterialState) play(m Move) error {
	C := s.g.Cols
	i := m.Row*C + m.Col
	switch s.disp[i] {
	case bacterial.Radioactive:
		return errors.New("cell is radioactive")
	case bacterial.Empty:
	default:
		return errors.New("cell already infected")
	}
	k := s.find(m.Row, m.Col)
	if k < 0 {
		return errLost
	}
	x := s.comps[k]
	horizontal := m.Colony == "H"
	// The colony spreads over its line of the component; the nearest
	// radioactive cell on it makes it mutate.
	lo, hi, at := x.R1, x.R2, m.Row
	cell := func(t int) int { return t*C + m.Col }
	if horizontal {
		lo, hi, at = x.C1, x.C2, m.Col
		cell = func(t int) int { return m.Row*C + t }
	}
	line := []int{cell(at)} // the cells of the line, by distance from the colony
	for d := 1; at-d >= lo || at+d <= hi; d++ {
		if at-d >= lo {
			line = append(line, cell(at-d))
		}
		if at+d <= hi {
			line = append(line, cell(at+d))
		}
	}
	for _, j := range line {
		if s.g.Cells[j] == bacterial.Radioactive {
			article := "a"
			if horizontal {
				article = "an"
			}
			return fmt.Errorf("%s %s colony here would reach the radioactive cell at %s and mutate", article, m.Colony, cellName(j/C, j%C))
		}
	}
	mark := byte('|')
	if horizontal {
		mark = '-'
	}
	for _, j := range line {
		s.disp[j] = mark
	}
	s.disp[i] = m.Colony[0]
	s.comps = append(s.comps[:k], s.comps[k+1:]...)
	for _, part := range cut(x, m.Row, m.Col, horizontal) {
		if part.R1 <= part.R2 && part.C1 <= part.C2 {
			s.comps = append(s.comps, part)
		}
	}
	return nil
}

func (s *bacterialState) analyse(p *Position) error {
	R, C := s.g.Rows, s.g.Cols
	p.Board = displayRows(s.disp, C)
	owner := make([]int32, R*C)
	for i := range owner {
		owner[i] = -1
	}
	values := make([]int, len(s.comps))
	total := 0
	for k, x := range s.comps {
		values[k] = s.table.Value(x)
		total ^= values[k]
		for r := x.R1; r <= x.R2; r++ {
			for c := x.C1; c <= x.C2; c++ {
				owner[r*C+c] = int32(k)
			}
		}
	}
	return fillImpartial(p, total, func(yield func(Move, int)) {
		for r := 0; r < R; r++ {
			for c := 0; c < C; c++ {
				k := owner[r*C+c]
				if s.disp[r*C+c] != bacterial.Empty || k < 0 {
					continue
				}
				x := s.comps[k]
				rest := total ^ values[k]
				if s.rowFree(r, x.C1, x.C2) {
					parts := cut(x, r, c, true)
					yield(Move{Row: r, Col: c, Colony: "H"}, rest^s.table.Value(parts[0])^s.table.Value(parts[1]))
				}
				if s.colFree(c, x.R1, x.R2) {
					parts := cut(x, r, c, false)
					yield(Move{Row: r, Col: c, Colony: "V"}, rest^s.table.Value(parts[0])^s.table.Value(parts[1]))
				}
			}
		}
	})
}
