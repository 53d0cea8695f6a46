package problems

import (
	"context"
	"fmt"

	"nimber/games/bacterial"
	"nimber/games/caos3"
	"nimber/games/grid"
	"nimber/games/inventor"
	"nimber/games/rect"
	"nimber/sg"
)

var catalogue = []*Problem{bacterialTactics, inventorOutlasting, caos3Problem, boiGame}

// caseCount is the official "Case #x: y" line with y the number of winning
// first moves.
func caseCount(a Analysis) string { return fmt.Sprintf("Case #%d: %d", a.Case, len(a.Winning)) }

var impartialEngines = []Engine{Dense, Generic}

var bacterialTactics = &Problem{
	Name:    "bacterial-tactics",
	Title:   "Bacterial Tactics (Code Jam 2019 Round 1C)",
	Spec:    bacterial.Spec,
	Example: "2\n2 2\n..\n.#\n3 4\n#.##\n....\n#.##\n",
	Engines: impartialEngines,
	memory: func(g grid.Grid) int64 {
		// Plus the board's per-line indexes and per-worker stamp rows.
		return bacterial.MemoryEstimate(g.Rows, g.Cols) + int64(len(g.Cells))*16 + int64(rect.Workers()*g.Rows*(g.Rows+g.Cols+8))
	},
	solve: map[Engine]func(context.Context, grid.Grid, Options) (Analysis, error){
		Dense:   adapt(bacterial.Solve, fromBacterial),
		Generic: adapt(bacterial.SolveGeneric, fromBacterial),
	},
	official: caseCount,
	generate: markedCells(bacterial.Empty, bacterial.Radioactive, 0.1),
}

var inventorOutlasting = &Problem{
	Name:    "inventor-outlasting",
	Title:   "Inventor Outlasting (Code Jam to I/O for Women 2022)",
	Spec:    inventor.Spec,
	Example: "2\n5 7\n.......\n...X.X.\n...X.X.\n..XX...\n..X....\n2 5\nX.X.X\n.X.X.\n",
	Engines: impartialEngines,
	memory:  inventor.MemoryEstimate,
	solve: map[Engine]func(context.Context, grid.Grid, Options) (Analysis, error){
		Dense:   adapt(inventor.Solve, fromInventor),
		Generic: adapt(inventor.SolveGeneric, fromInventor),
	},
	official: caseCount,
	generate: markedCells(inventor.Blank, inventor.Spot, 0.5),
}

var caos3Problem = &Problem{
	Name:    "caos3",
	Title:   "CAOS3, CAO Stage-3 (CodeChef October Challenge 2013)",
	Spec:    caos3.Spec,
	Example: "1\n7 7\n^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n",
	Engines: impartialEngines,
	memory:  caos3.MemoryEstimate,
	solve: map[Engine]func(context.Context, grid.Grid, Options) (Analysis, error){
		Dense:   adapt(caos3.Solve, fromCAOS3),
		Generic: adapt(caos3.SolveGeneric, fromCAOS3),
	},
	official: func(a Analysis) string {
		if a.Outcome == sg.N.String() {
			return "Asuna"
		}
		return "Kirito"
	},
	generate: markedCells(caos3.Floor, caos3.Wall, 0.05),
}

// adapt turns a game package's solver into the catalogue's form.
func adapt[R any](solve func(context.Context, grid.Grid) (R, error), convert func(R) Analysis) func(context.Context, grid.Grid, Options) (Analysis, error) {
	return func(ctx context.Context, g grid.Grid, _ Options) (Analysis, error) {
		res, err := solve(ctx, g)
		if err != nil {
			return Analysis{}, err
		}
		return convert(res), nil
	}
}

// impartial builds the Analysis of an impartial game's start.
func impartial(grundy int, moves []Move) Analysis {
	if moves == nil {
		moves = []Move{}
	}
	return Analysis{Grundy: &grundy, Outcome: sg.OutcomeOf(grundy).String(), Winning: moves}
}

func fromBacterial(res bacterial.Result) Analysis {
	var moves []Move
	for _, m := range res.Winning {
		moves = append(moves, Move{Row: m.Row + 1, Col: m.Col + 1, Colony: string(rune(m.Colony))})
	}
	return impartial(res.Grundy, moves)
}

func fromInventor(res inventor.Result) Analysis {
	var moves []Move
	for _, m := range res.Winning {
		moves = append(moves, Move{Row: m.Row + 1, Col: m.Col + 1})
	}
	return impartial(res.Grundy, moves)
}

func fromCAOS3(res caos3.Result) Analysis {
	var moves []Move
	for _, m := range res.Winning {
		moves = append(moves, Move{Row: m.Row + 1, Col: m.Col + 1})
	}
	return impartial(res.Grundy, moves)
}
