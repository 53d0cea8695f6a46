package nodekayles_test

import (
	"context"
	"fmt"

	"nimber/game"
	"nimber/games/nodekayles"
)

// Example analyses a path of five vertices beside a triangle: the parts
// are the connected components, the path has the value of Dawson's Kayles
// on 5 and the triangle 1.
func Example() {
	g := nodekayles.Game()
	pos, _ := g.Parse("a-b-c-d-e x-y-z-x")
	a, _ := g.Analyze(context.Background(), pos, game.Options{})
	fmt.Println(g.DescribePart(pos, 0), "->", a.Parts[0].Value)
	fmt.Println(g.DescribePart(pos, 1), "->", a.Parts[1].Value)
	fmt.Println("nim-sum", a.Value, a.Outcome)
	// Output:
	// 5 vertices, 4 edges -> 3
	// 3 vertices, 3 edges -> 1
	// nim-sum 2 N
}
