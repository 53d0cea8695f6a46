package boi2008

import (
	"math/rand/v2"
	"testing"
)

func TestTransposeMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var m, tr bitMatrix
	for trial := 0; trial < 200; trial++ {
		rows, cols := 1+rng.IntN(150), 1+rng.IntN(150)
		m.reset(rows, cols)
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				if rng.IntN(2) == 0 {
					m.set(i, j)
				}
			}
		}
		m.transposeInto(&tr)
		if tr.rows != cols || tr.cols != rows {
			t.Fatalf("transpose of %dx%d is %dx%d", rows, cols, tr.rows, tr.cols)
		}
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				if m.get(i, j) != tr.get(j, i) {
					t.Fatalf("%dx%d: bit (%d,%d) not transposed", rows, cols, i, j)
				}
			}
		}
		// Padding bits beyond the last column stay zero.
		for j := 0; j < cols; j++ {
			for k := rows; k < tr.stride*64; k++ {
				if tr.words[j*tr.stride+k/64]>>(k%64)&1 != 0 {
					t.Fatalf("%dx%d: padding bit %d of row %d set", rows, cols, k, j)
				}
			}
		}
	}
}
