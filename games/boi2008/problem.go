package boi2008

import (
	"context"
	"fmt"

	"nimber/grid"
	"nimber/problems"
)

// explainBits bounds the layer tables kept to reconstruct a principal line
// (32 MiB); larger boards get the verdict without the line.
const explainBits = 256 << 20

// Problem is BOI 2008 "Game" in its official input and output formats: "A"
// or "B", the player with a winning strategy, per test.
var Problem = &problems.Problem{
	Name:    "boi2008-game",
	Title:   `Game, BOI 2008 (Baltic Olympiad in Informatics): a pursuit race`,
	Spec:    Spec,
	Example: "2\n4\nA...\n.#..\n....\n...B\n4\nA...\n....\n..#.\n...B\n",
	Engines: []problems.Engine{problems.Dense, problems.Exhaustive},
	Memory: func(g grid.Grid) int64 {
		// Two distance arrays, the layer index and order (4 bytes a square
		// each), and four bit matrices of at most n x n bits.
		n := int64(g.Rows)
		return 16*n*n + 4*(n*n/8+8*n)
	},
	Solvers: map[problems.Engine]problems.Solver{
		problems.Dense:      solveRace,
		problems.Exhaustive: solveRaceExhaustively,
	},
	Official:  func(a problems.Analysis) string { return a.Race.Winner },
	Generator: generateRace,
}

func square(s Square) problems.WinningMove {
	return problems.WinningMove{Row: s.Row + 1, Col: s.Col + 1}
}

// solveRace runs the layered DP, with the principal line when its tables
// fit and the options are not brief.
func solveRace(ctx context.Context, g grid.Grid, opt problems.Options) (problems.Analysis, error) {
	b, err := NewBoard(g)
	if err != nil {
		return problems.Analysis{}, err
	}
	var v Verdict
	if !opt.Brief && ExplainBits(b) <= explainBits {
		v, err = Explain(ctx, b, explainBits)
	} else {
		v, err = Solve(ctx, b)
	}
	if err != nil {
		return problems.Analysis{}, err
	}
	return problems.Analysis{Race: raceOf(v, "layered DP over shortest-path layers")}, nil
}

// solveRaceExhaustively decides the unrestricted game by retrograde
// analysis (boards of at most MaxExhaustiveWhite white squares).
func solveRaceExhaustively(ctx context.Context, g grid.Grid, _ problems.Options) (problems.Analysis, error) {
	b, err := NewBoard(g)
	if err != nil {
		return problems.Analysis{}, err
	}
	out, err := Exhaustive(ctx, b)
	if err != nil {
		return problems.Analysis{}, err
	}
	if out == Draw {
		// Never seen (docs/boi2008-game.md); the official output has no
		// word for it, so it is an error rather than a wrong letter.
		return problems.Analysis{}, fmt.Errorf("the unrestricted game is a draw: neither A nor B can force a win")
	}
	v := Verdict{Distance: b.Distance(), Winner: Player(out)}
	if out == AWins {
		first, err := ExhaustiveFirstMoves(ctx, b)
		if err != nil {
			return problems.Analysis{}, err
		}
		v.FirstMove = &first[0]
	}
	return problems.Analysis{Race: raceOf(v, "exhaustive retrograde analysis of the unrestricted game")}, nil
}

func raceOf(v Verdict, method string) *problems.Race {
	r := &problems.Race{Winner: v.Winner.String(), Distance: v.Distance, InterceptionMove: v.InterceptionMove, Method: method}
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
func generateRace(o problems.GenOptions) ([]grid.Grid, error) {
	if o.Rows != o.Cols {
		return nil, fmt.Errorf("boi2008-game boards are square: rows %d != cols %d", o.Rows, o.Cols)
	}
	name := o.Family
	if name == "" {
		name = "a"
	}
	family, err := ParseFamily(name)
	if err != nil {
		return nil, err
	}
	density := o.Density
	if density < 0 {
		density = family.DefaultDensity()
	}
	rng := problems.NewRand(o.Seed)
	cases := make([]grid.Grid, o.Cases)
	for i := range cases {
		if i%2 == 1 {
			cases[i] = shiftA(cases[i-1])
			if _, err := NewBoard(cases[i]); err == nil {
				continue
			}
		}
		g, err := Generate(rng, o.Rows, family, density, i%2 == 1)
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
		if c == StartA {
			s.Cells[i] = White
			s.Cells[i+1] = StartA
			break
		}
	}
	return s
}
