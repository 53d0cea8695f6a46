package nimfield_test

import (
	"fmt"

	"nimber/sg/nimfield"
)

// Example multiplies in the nim-field: 2 ⊗ 2 = 3, a Fermat 2-power's
// square is its sesquimultiple, and inverses and square roots undo
// products.
func Example() {
	fmt.Println(nimfield.Mul(2, 2), nimfield.Mul(16, 16), nimfield.Mul(5, 6))
	inv, _ := nimfield.Inv(5)
	fmt.Println(inv, nimfield.Mul(5, inv))
	r := nimfield.Sqrt(8)
	fmt.Println(r, nimfield.Mul(r, r))
	// Output:
	// 3 24 8
	// 12 1
	// 14 8
}
