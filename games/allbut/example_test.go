package allbut_test

import (
	"context"
	"fmt"

	"nimber/games/allbut"
)

// Example computes the nim-sequence of the all-but game that forbids taking
// 1, 3 or 4 tokens: arithmetic-periodic, G(n+12) = G(n) + 4.
func Example() {
	g, err := allbut.Parse("allbut:4,1,3")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := g.Rules().(*allbut.Rules)
	seq, err := r.Sequence(context.Background(), 16)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r, seq)
	// Output:
	// allbut:1,3,4 [0 0 1 1 0 2 1 3 2 2 3 3 4 4 5 5]
}
