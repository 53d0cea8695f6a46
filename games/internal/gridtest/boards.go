package gridtest

import (
	"math/rand/v2"

	"nimber/grid"
)

// Boards draws the random boards of one game: grids of two cell kinds,
// Blank and Marked.
type Boards struct {
	// Blank and Marked are the two cell characters; a random board has
	// Marked cells with a probability drawn from Densities.
	Blank, Marked byte
	// Densities are the probabilities of a Marked cell to draw from
	// (EvenDensities when nil).
	Densities []float64
	// Stream is the second word of the PCG seed, distinct per game.
	Stream uint64
	// Side draws the side length of a random board in 1..maxSide; nil means
	// uniformly.
	Side func(rng *rand.Rand, maxSide int) int
}

// EvenDensities is the default of Boards.Densities: from all Blank to all
// Marked.
var EvenDensities = []float64{0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1}

// Generate returns test boards with sides 1..maxSide: every size all Blank
// and all Marked, then n random boards of varied densities drawn from a
// generator seeded with seed (and Stream), rows before columns before
// density.
func (bs Boards) Generate(seed uint64, n, maxSide int) []grid.Grid {
	var boards []grid.Grid
	for r := 1; r <= maxSide; r++ {
		for c := 1; c <= maxSide; c++ {
			boards = append(boards, grid.New(r, c, bs.Blank), grid.New(r, c, bs.Marked))
		}
	}
	side := bs.Side
	if side == nil {
		side = func(rng *rand.Rand, maxSide int) int { return 1 + rng.IntN(maxSide) }
	}
	densities := bs.Densities
	if densities == nil {
		densities = EvenDensities
	}
	rng := rand.New(rand.NewPCG(seed, bs.Stream))
	for range n {
		rows, cols := side(rng, maxSide), side(rng, maxSide)
		d := densities[rng.IntN(len(densities))]
		boards = append(boards, grid.Random(rng, rows, cols, d, bs.Blank, bs.Marked))
	}
	return boards
}

// BenchBoard is the size of a benchmark board: N x N with the given
// fraction of Marked cells.
type BenchBoard struct {
	N       int
	Density float64
}

// Bench returns the benchmark board of size bb, from a fixed seed.
func (bs Boards) Bench(bb BenchBoard) grid.Grid {
	return grid.Random(rand.New(rand.NewPCG(1, 0)), bb.N, bb.N, bb.Density, bs.Blank, bs.Marked)
}

// Starts returns the texts of n random boards of sides 1..maxSide drawn
// with seed (Generate, without the all-blank and all-marked ones), as start
// positions for the battery of the game API.
func (bs Boards) Starts(seed uint64, n, maxSide int) []string {
	all := bs.Generate(seed, n, maxSide)
	texts := make([]string, 0, n)
	for _, g := range all[len(all)-n:] {
		texts = append(texts, g.String())
	}
	return texts
}
