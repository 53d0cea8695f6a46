// Package grid holds the rectangular boards shared by the grid games and the
// parser for their common input format: a case count T, then per case a line
// "R C" and R lines of C characters.
package grid

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Grid is an R x C board of cells stored row-major, one byte per cell.
type Grid struct {
	Rows, Cols int
	Cells      []byte
}

// New returns a Rows x Cols grid with every cell set to fill.
func New(rows, cols int, fill byte) Grid {
	cells := make([]byte, rows*cols)
	for i := range cells {
		cells[i] = fill
	}
	return Grid{Rows: rows, Cols: cols, Cells: cells}
}

// FromRows builds a grid from equal-length row strings. It is meant for tests
// and examples; it returns an error when the rows are ragged or empty.
func FromRows(rows ...string) (Grid, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return Grid{}, fmt.Errorf("grid: empty board")
	}
	g := Grid{Rows: len(rows), Cols: len(rows[0])}
	for i, r := range rows {
		if len(r) != g.Cols {
			return Grid{}, fmt.Errorf("grid: row %d has %d cells, want %d", i+1, len(r), g.Cols)
		}
		g.Cells = append(g.Cells, r...)
	}
	return g, nil
}

// MustFromRows is FromRows for literal boards in tests and examples; it panics
// on ragged rows, which is a programming error there.
func MustFromRows(rows ...string) Grid {
	g, err := FromRows(rows...)
	if err != nil {
		panic(err)
	}
	return g
}

// At returns the cell at row r, column c (both 0-based).
func (g Grid) At(r, c int) byte { return g.Cells[r*g.Cols+c] }

// Set sets the cell at row r, column c (both 0-based).
func (g Grid) Set(r, c int, v byte) { g.Cells[r*g.Cols+c] = v }

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	return Grid{Rows: g.Rows, Cols: g.Cols, Cells: append([]byte(nil), g.Cells...)}
}

// String returns the board as R lines of C characters, each ending in '\n'.
func (g Grid) String() string {
	var b strings.Builder
	b.Grow(g.Rows * (g.Cols + 1))
	for r := 0; r < g.Rows; r++ {
		b.Write(g.Cells[r*g.Cols : (r+1)*g.Cols])
		b.WriteByte('\n')
	}
	return b.String()
}

// Random returns a rows x cols grid in which each cell independently is
// marked with probability density and blank otherwise.
func Random(rng *rand.Rand, rows, cols int, density float64, blank, marked byte) Grid {
	g := New(rows, cols, blank)
	for i := range g.Cells {
		if rng.Float64() < density {
			g.Cells[i] = marked
		}
	}
	return g
}

// Format writes cases in the common input format: the count, then per case
// "R C" and the rows.
func Format(cases []Grid) string { return Spec{}.Format(cases) }

// Format writes cases in the input format of s: the count, then per case
// "R C" (or "n" for square specs) and the rows.
func (s Spec) Format(cases []Grid) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(cases))
	for _, g := range cases {
		if s.Square {
			fmt.Fprintf(&b, "%d\n", g.Rows)
		} else {
			fmt.Fprintf(&b, "%d %d\n", g.Rows, g.Cols)
		}
		b.WriteString(g.String())
	}
	return b.String()
}
