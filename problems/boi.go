package problems

import (
	"context"
	"fmt"

	"nimber/games/boi2008"
	"nimber/games/grid"
)

// explainBits bounds the layer tables kept to reconstruct a principal line
// (32 MiB); larger boards get the verdict without the line.
const explainBits = 256 << 20

var boiGame = &Problem{
	Name:    "boi2008-game",
	Title:   `Game, BOI 2008 (Baltic Olympiad in Informatics): a pursuit race`,
	Spec:    boi2008.Spec,
	Example: "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n",
	Engines: []Engine{Dense, Exhaustive},
	memory: func(g grid.Grid) int64 {
		// Two distance arrays, the layer index and order (4 bytes a square
		// each), and four bit matrices of at most n x n bits.
		n := int64(g.Rows)
		return 16*n*n + 4*(n*n/8+8*n)
	},
	solve: map[Engine]func(context.Context, grid.Grid, Options) (Analysis, error){
		Dense:      solveRace,
		Exhaustive: solveRaceExhaustively,
	},
	official: func(a Analysis) string { return a.Race.Winner },
	generate: generateRace,
}

func square(s boi2008.Square) Move { return Move{Row: s.Row + 1, Col: s.Col + 1} }

// solveRace runs the layered DP, with the principal line when its tables
// fit and the options are not brief.
func solveRace(ctx context.Context, g grid.Grid, opt Options) (Analysis, error) {
	b, err := boi2008.NewBoard(g)
	if err != nil {
		return Analysis{}, err
	}
	var v boi2008.Verdict
	if !opt.Brief && boi2008.ExplainBits(b) <= explainBits {
		v, err = boi2008.Explain(ctx, b, explainBits)
	} else {
		v, err = boi2008.Solve(ctx, b)
	}
	if err != nil {
		return Analysis{}, err
	}
	return Analysis{Race: raceOf(v, "layered DP over shortest-path layers")}, nil
}

// solveRaceExhaustively decides the unrestricted game by retrograde
// analysis (boards of at most boi2008.MaxExhaustiveWhite white squares).
func solveRaceExhaustively(ctx context.Context, g grid.Grid, _ Options) (Analysis, error) {
	b, err := boi2008.NewBoard(g)
	if err != nil {
		return Analysis{}, err
	}
	out, err := boi2008.Exhaustive(ctx, b)
	if err != nil {
		return Analysis{}, err
	}
	if out == boi2008.Draw {
		// Never seen (docs/boi2008-game.md); the official output has no
		// word for it, so it is an error rather than a wrong letter.
		return Analysis{}, fmt.Errorf("the unrestricted game is a draw: neither A nor B can force a win")
	}
	v := boi2008.Verdict{Distance: b.Distance(), Winner: boi2008.Player(out)}
	if out == boi2008.AWins {
		first, err := boi2008.ExhaustiveFirstMoves(ctx, b)
		if err != nil {
			return Analysis{}, err
		}
		v.FirstMove = &first[0]
	}
	return Analysis{Race: raceOf(v, "exhaustive retrograde analysis of the unrestricted game")}, nil
}

func raceOf(v boi2008.Verdict, method string) *Race {
	r := &Race{Winner: v.Winner.String(), Distance: v.Distance, InterceptionMove: v.InterceptionMove, Method: method}
	if v.FirstMove != nil {
		m := square(*v.FirstMove)
		r.FirstMove = &m
	}
	if v.Interception != nil {
		m := square(*v.Interception)
		r.Interception = &m
	}
	for _, s := range v.Line {
		r.Line = append(r.Line, square(s))
	}
	return r
}

// generateRace writes boards of an official family, each twice: A in the
// top-left corner, then one square to its right.
func generateRace(o GenOptions) ([]grid.Grid, error) {
	if o.Rows != o.Cols {
		return nil, fmt.Errorf("boi2008-game boards are square: rows %d != cols %d", o.Rows, o.Cols)
	}
	name := o.Family
	if name == "" {
		name = "a"
	}
	family, err := boi2008.ParseFamily(name)
	if err != nil {
		return nil, err
	}
	density := o.Density
	if density < 0 {
		density = family.DefaultDensity()
	}
	rng := newRand(o.Seed)
	cases := make([]grid.Grid, o.Cases)
	for i := range cases {
		if i%2 == 1 {
			cases[i] = shiftA(cases[i-1])
			if _, err := boi2008.NewBoard(cases[i]); err == nil {
				continue
			}
		}
		g, err := boi2008.Generate(rng, o.Rows, family, density, i%2 == 1)
		if err != nil {
			return nil, err
		}
		cases[i] = g
	}
	return cases, nil
}

// shiftA returns g with A moved one square right (that square made white).
func shiftA(g grid.Grid) grid.Grid {
	s := g.Clone()
	for i, c := range s.Cells {
		if c == boi2008.StartA {
			s.Cells[i] = boi2008.White
			s.Cells[i+1] = boi2008.StartA
			break
		}
	}
	return s
}
