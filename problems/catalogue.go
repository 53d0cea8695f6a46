package problems

import (
	"context"
	"fmt"

	"nimber/games/bacterial"
	"nimber/games/caos3"
	"nimber/games/grid"
	"nimber/games/inventor"
	"nimber/games/rect"
)

var catalogue = []*Problem{bacterialTactics, inventorOutlasting, caos3Problem}

// caseCount is the official "Case #x: y" line with y the number of winning
// first moves.
func caseCount(caseNo int, r result) string { return fmt.Sprintf("Case #%d: %d", caseNo, len(r.moves)) }

var bacterialTactics = &Problem{
	Name:           "bacterial-tactics",
	Title:          "Bacterial Tactics (Code Jam 2019 Round 1C)",
	Spec:           bacterial.Spec,
	Blank:          bacterial.Empty,
	Marked:         bacterial.Radioactive,
	DefaultDensity: 0.1,
	Example:        "2\n2 2\n..\n.#\n3 4\n#.##\n....\n#.##\n",
	memory: func(g grid.Grid) int64 {
		// Plus the board's per-line indexes and per-worker stamp rows.
		return bacterial.MemoryEstimate(g.Rows, g.Cols) + int64(len(g.Cells))*16 + int64(rect.Workers()*g.Rows*(g.Rows+g.Cols+8))
	},
	solve: map[Engine]func(context.Context, grid.Grid) (result, error){
		Dense:   adapt(bacterial.Solve, fromBacterial),
		Generic: adapt(bacterial.SolveGeneric, fromBacterial),
	},
	official: caseCount,
}

var inventorOutlasting = &Problem{
	Name:           "inventor-outlasting",
	Title:          "Inventor Outlasting (Code Jam to I/O for Women 2022)",
	Spec:           inventor.Spec,
	Blank:          inventor.Blank,
	Marked:         inventor.Spot,
	DefaultDensity: 0.5,
	Example:        "2\n5 7\n.......\n...X.X.\n...X.X.\n..XX...\n..X....\n2 5\nX.X.X\n.X.X.\n",
	memory:         inventor.MemoryEstimate,
	solve: map[Engine]func(context.Context, grid.Grid) (result, error){
		Dense:   adapt(inventor.Solve, fromInventor),
		Generic: adapt(inventor.SolveGeneric, fromInventor),
	},
	official: caseCount,
}

var caos3Problem = &Problem{
	Name:           "caos3",
	Title:          "CAOS3, CAO Stage-3 (CodeChef October Challenge 2013)",
	Spec:           caos3.Spec,
	Blank:          caos3.Floor,
	Marked:         caos3.Wall,
	DefaultDensity: 0.05,
	Example:        "1\n7 7\n^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n",
	memory:         caos3.MemoryEstimate,
	solve: map[Engine]func(context.Context, grid.Grid) (result, error){
		Dense:   adapt(caos3.Solve, fromCAOS3),
		Generic: adapt(caos3.SolveGeneric, fromCAOS3),
	},
	official: func(_ int, r result) string {
		if r.grundy != 0 {
			return "Asuna"
		}
		return "Kirito"
	},
}

// adapt turns a game package's solver into the catalogue's form.
func adapt[R any](solve func(context.Context, grid.Grid) (R, error), convert func(R) result) func(context.Context, grid.Grid) (result, error) {
	return func(ctx context.Context, g grid.Grid) (result, error) {
		res, err := solve(ctx, g)
		if err != nil {
			return result{}, err
		}
		return convert(res), nil
	}
}

func fromBacterial(res bacterial.Result) result {
	r := result{grundy: res.Grundy}
	for _, m := range res.Winning {
		r.moves = append(r.moves, Move{Row: m.Row + 1, Col: m.Col + 1, Colony: string(rune(m.Colony))})
	}
	return r
}

func fromInventor(res inventor.Result) result {
	r := result{grundy: res.Grundy}
	for _, m := range res.Winning {
		r.moves = append(r.moves, Move{Row: m.Row + 1, Col: m.Col + 1})
	}
	return r
}

func fromCAOS3(res caos3.Result) result {
	r := result{grundy: res.Grundy}
	for _, m := range res.Winning {
		r.moves = append(r.moves, Move{Row: m.Row + 1, Col: m.Col + 1})
	}
	return r
}
