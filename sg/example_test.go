package sg_test

import (
	"context"
	"fmt"
	"iter"

	"nimber/sg"
)

func ExampleMex() {
	fmt.Println(sg.Mex(0, 1, 3, 4))
	// Output: 2
}

func ExampleNimSum() {
	// Nim with heaps 3, 5 and 6: the nim-sum is 0, so the player to move loses.
	v := sg.NimSum(3, 5, 6)
	fmt.Println(v, sg.OutcomeOf(v))
	// Output: 0 P
}

// kayles is a row of pins: knock down one pin or two adjacent ones,
// splitting the row in two independent rows.
type kayles struct{}

func (kayles) Moves(n int) iter.Seq2[string, []int] {
	return func(yield func(move string, parts []int) bool) {
		for take := 1; take <= 2; take++ {
			for left := 0; left+take <= n; left++ {
				move := fmt.Sprintf("take %d after %d", take, left)
				if !yield(move, []int{left, n - left - take}) {
					return
				}
			}
		}
	}
}

func ExampleSolver() {
	s := sg.NewSolver[int, string](kayles{}, sg.NewMapMemo[int]())
	ctx := context.Background()
	var values []int
	for n := 0; n <= 8; n++ {
		v, _ := s.Grundy(ctx, n)
		values = append(values, v)
	}
	fmt.Println("Kayles:", values)
	// Rows of 4 and 6 pins have values 1 and 3: the sum is an N-position,
	// and a winning move leaves a sum of value 0.
	out, _ := s.Outcome(ctx, 4, 6)
	fmt.Println("outcome:", out)
	wins, _ := s.WinningMoves(ctx, 4, 6)
	for _, w := range wins {
		fmt.Printf("row %d: %s\n", w.Component+1, w.Move)
	}
	// Output:
	// Kayles: [0 1 2 3 1 4 3 2 1]
	// outcome: N
	// row 1: take 1 after 0
	// row 1: take 1 after 1
	// row 1: take 1 after 2
	// row 1: take 1 after 3
	// row 2: take 1 after 2
	// row 2: take 1 after 3
	// row 2: take 2 after 0
	// row 2: take 2 after 4
}
