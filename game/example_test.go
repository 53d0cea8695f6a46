package game_test

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"nimber/game"
)

// kayles is Kayles written once against the game API: a position is rows
// of pins, written "4 6"; a move knocks down one pin or two adjacent pins
// of a row, leaving the pins on either side as two independent rows.
type kayles struct{}

// knock is a move: Take pins knocked down after the first After pins.
type knock struct{ Take, After int }

func (kayles) Parse(text string) (game.Sum[int], error) {
	var s game.Sum[int]
	for _, f := range strings.Fields(text) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return s, fmt.Errorf("%q is not a row of pins", f)
		}
		if n > 0 {
			s.Parts = append(s.Parts, n)
		}
	}
	return s, nil
}

func (kayles) Format(s game.Sum[int]) string {
	rows := make([]string, len(s.Parts))
	for i, n := range s.Parts {
		rows[i] = strconv.Itoa(n)
	}
	return strings.Join(rows, " ")
}

func (kayles) Moves(n int) iter.Seq2[knock, []int] {
	return func(yield func(knock, []int) bool) {
		var left [2]int
		for take := 1; take <= 2; take++ {
			for after := 0; after+take <= n; after++ {
				parts := left[:0]
				for _, k := range []int{after, n - after - take} {
					if k > 0 {
						parts = append(parts, k)
					}
				}
				if !yield(knock{take, after}, parts) {
					return
				}
			}
		}
	}
}

func (kayles) Describe(n int, m knock) string {
	return fmt.Sprintf("knock down %d after %d of %d", m.Take, m.After, n)
}

func (kayles) Check(s game.Sum[int]) error {
	for _, n := range s.Parts {
		if err := game.CheckLimit("row", "pins", int64(n), 10000); err != nil {
			return err
		}
	}
	return nil
}

// ExampleOf writes Kayles once and analyses rows of 4 and 6 pins: the value
// of each row, their nim-sum, and every winning move.
func ExampleOf() {
	g := game.Of(kayles{})
	pos, err := g.Parse("4 6")
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := g.Analyze(context.Background(), pos, game.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range a.Parts {
		fmt.Printf("row %s: G = %v\n", p.Text, p.Value)
	}
	fmt.Printf("nim-sum %v: %v\n", a.Value, a.Outcome)
	for _, m := range a.Moves {
		if m.Winning {
			fmt.Printf("winning: %s, leaving %s\n", m.Text, g.Format(m.Next))
		}
	}
	// Output:
	// row 4: G = 1
	// row 6: G = 3
	// nim-sum 2: N
	// winning: knock down 1 after 0 of 4, leaving 3 6
	// winning: knock down 1 after 1 of 4, leaving 1 2 6
	// winning: knock down 1 after 2 of 4, leaving 2 1 6
	// winning: knock down 1 after 3 of 4, leaving 3 6
	// winning: knock down 1 after 2 of 6, leaving 4 2 3
	// winning: knock down 1 after 3 of 6, leaving 4 3 2
	// winning: knock down 2 after 0 of 6, leaving 4 4
	// winning: knock down 2 after 4 of 6, leaving 4 4
}

// ExampleGame_Play plays a move by its description.
func ExampleGame_Play() {
	g := game.Of(kayles{})
	pos, _ := g.Parse("3")
	next, _, err := g.Play(pos, 0, "knock down 1 after 1 of 3")
	fmt.Println(g.Format(next), err)
	_, _, err = g.Play(pos, 0, "knock down 3 after 0 of 3")
	fmt.Println(err)
	// Output:
	// 1 1 <nil>
	// "knock down 3 after 0 of 3" is not one of the 5 moves of part 1
}
