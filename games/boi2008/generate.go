package boi2008

import (
	"fmt"
	"math/rand/v2"

	"nimber/grid"
)

// Family is a kind of board of the official tests.
type Family byte

// The official test families.
const (
	// Open boards with a fraction of random black squares (the official ones
	// have none or about 3%).
	FamilyA Family = 'a'
	// The serpentine: right to the end, two rows down, left to the end, ...;
	// density is the chance that a wall square is opened (official copies
	// open about one square per wall).
	FamilyB Family = 'b'
	// Boards with many random black squares (officially about 20%).
	FamilyC Family = 'c'
)

// ParseFamily reads "a", "b" or "c".
func ParseFamily(s string) (Family, error) {
	if len(s) == 1 && s[0] >= 'a' && s[0] <= 'c' {
		return Family(s[0]), nil
	}
	return 0, fmt.Errorf("family %q is not one of a, b, c", s)
}

// DefaultDensity is the official density of a family.
func (f Family) DefaultDensity() float64 {
	switch f {
	case FamilyA:
		return 0.03
	case FamilyC:
		return 0.2
	}
	return 0
}

// Generate returns an n x n board of family f with B in the bottom-right
// corner and A in the top-left corner, or one square to its right when
// shifted (the official tests hold each board both ways, so that one has an
// odd and one an even distance). Random black squares that cut A from B are
// drawn again, up to 1000 times; then Generate gives up with an error.
func Generate(rng *rand.Rand, n int, f Family, density float64, shifted bool) (grid.Grid, error) {
	if n < 2 {
		return grid.Grid{}, fmt.Errorf("n = %d, want at least 2", n)
	}
	a := 0
	if shifted {
		a = 1
	}
	for try := 0; try < 1000; try++ {
		g := grid.New(n, n, White)
		switch f {
		case FamilyA, FamilyC:
			for i := range g.Cells {
				if rng.Float64() < density {
					g.Cells[i] = Black
				}
			}
		case FamilyB:
			// Walls on rows 1, 3, 5, ... with the gap at alternate ends.
			for r := 1; r < n; r += 2 {
				gap := n - 1
				if r%4 == 3 {
					gap = 0
				}
				for c := 0; c < n; c++ {
					if c != gap && rng.Float64() >= density {
						g.Set(r, c, Black)
					}
				}
			}
		default:
			return grid.Grid{}, fmt.Errorf("unknown family %q", f)
		}
		g.Set(0, a, StartA)
		g.Set(n-1, n-1, StartB)
		if _, err := NewBoard(g); err == nil {
			return g, nil
		}
	}
	return grid.Grid{}, fmt.Errorf("no board of family %c with density %g joined A and B in 1000 tries", f, density)
}
