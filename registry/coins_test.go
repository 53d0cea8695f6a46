package registry

import (
	"context"
	"testing"

	"nimber/game"
)

// TestTurningRulesFile checks examples/rules/turning.star, a coin-turning
// rule of the user's own, as written (Mock Turtles), against the built-in
// mock-turtles on every row of up to 7 coins.
func TestTurningRulesFile(t *testing.T) {
	ctx := context.Background()
	file, _, err := LoadRules("../examples/rules/turning.star")
	if err != nil {
		t.Fatal(err)
	}
	builtin, _, err := Lookup("mock-turtles")
	if err != nil {
		t.Fatal(err)
	}
	for length := 1; length <= 7; length++ {
		for heads := range 1 << length {
			row := make([]byte, length)
			for i := range row {
				row[i] = "TH"[heads>>i&1]
			}
			var values [2]game.Value
			for i, g := range []game.Game{file, builtin} {
				pos, err := g.Parse(string(row))
				if err != nil {
					t.Fatalf("%s: %v", row, err)
				}
				a, err := g.Analyze(ctx, pos, game.Options{})
				if err != nil {
					t.Fatalf("%s: %v", row, err)
				}
				values[i] = a.Value
			}
			if values[0] != values[1] {
				t.Fatalf("%s: the rules file's value %v, mock-turtles' %v", row, values[0], values[1])
			}
		}
	}
}
