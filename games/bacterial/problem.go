package bacterial

import (
	"nimber/games/rect"
	"nimber/grid"
	"nimber/problems"
)

// Problem is Bacterial Tactics in its official input and output formats:
// "Case #x: y", y the number of winning first moves (cell and colony type).
var Problem = &problems.Problem{
	Name:    "bacterial-tactics",
	Title:   "Bacterial Tactics (Code Jam 2019 Round 1C)",
	Spec:    Spec,
	Example: "2\n2 2\n..\n.#\n3 4\n#.##\n....\n#.##\n",
	Engines: problems.ImpartialEngines,
	Memory: func(g grid.Grid) int64 {
		// Plus the board's per-line indexes and per-worker stamp rows.
		return MemoryEstimate(g.Rows, g.Cols) + int64(len(g.Cells))*16 + int64(rect.Workers()*g.Rows*(g.Rows+g.Cols+8))
	},
	Solvers:   problems.ImpartialSolvers(Solve, SolveGeneric, analysis),
	Official:  problems.CaseCount,
	Generator: problems.MarkedCells(Empty, Radioactive, 0.1),
}

// analysis turns a Result into the problem's Analysis: 1-based moves with
// their colony type.
func analysis(res Result) problems.Analysis {
	moves := make([]problems.WinningMove, len(res.Winning))
	for i, m := range res.Winning {
		moves[i] = problems.WinningMove{Row: m.Row + 1, Col: m.Col + 1, Colony: string(rune(m.Colony))}
	}
	return problems.Impartial(res.Grundy, moves)
}
