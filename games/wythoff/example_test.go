package wythoff_test

import (
	"context"
	"fmt"

	"nimber/games/wythoff"
)

// Example finds the losing pairs of Wythoff's game in the accelerator's
// table: (⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio.
func Example() {
	ctx := context.Background()
	t, err := wythoff.Solve(ctx, 20, 40)
	if err != nil {
		fmt.Println(err)
		return
	}
	for a := 0; a <= 20; a++ {
		for b := a; b <= 40; b++ {
			if v, _ := t.Grundy(ctx, wythoff.NewPair(a, b)); v == 0 {
				fmt.Printf("(%d,%d) ", a, b)
			}
		}
	}
	fmt.Println()
	// Output:
	// (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) (9,15) (11,18) (12,20) (14,23) (16,26) (17,28) (19,31)
}
