package caos3

import (
	"nimber/problems"
	"nimber/sg"
)

// Problem is CAOS3 in its official input and output formats: "Asuna" when
// the first player wins, else "Kirito".
var Problem = &problems.Problem{
	Name:    "caos3",
	Title:   "CAOS3, CAO Stage-3 (CodeChef October Challenge 2013)",
	Spec:    Spec,
	Example: "1\n7 7\n^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n",
	Engines: problems.ImpartialEngines,
	Memory:  MemoryEstimate,
	Solvers: problems.ImpartialSolvers(Solve, SolveGeneric, analysis),
	Official: func(a problems.Analysis) string {
		if a.Outcome == sg.N.String() {
			return "Asuna"
		}
		return "Kirito"
	},
	Generator: problems.MarkedCells(Floor, Wall, 0.05),
}

// analysis turns a Result into the problem's Analysis, 1-based.
func analysis(res Result) problems.Analysis {
	return problems.Impartial(res.Grundy, problems.CellMoves(res.Winning))
}
