package inventor

import "nimber/problems"

// Problem is Inventor Outlasting in its official input and output formats:
// "Case #x: y", y the number of winning first cells.
var Problem = &problems.Problem{
	Name:      "inventor-outlasting",
	Title:     "Inventor Outlasting (Code Jam to I/O for Women 2022)",
	Spec:      Spec,
	Example:   "2\n5 7\n.......\n...X.X.\n...X.X.\n..XX...\n..X....\n2 5\nX.X.X\n.X.X.\n",
	Engines:   problems.ImpartialEngines,
	Memory:    MemoryEstimate,
	Solvers:   problems.ImpartialSolvers(Solve, SolveGeneric, analysis),
	Official:  problems.CaseCount,
	Generator: problems.MarkedCells(Blank, Spot, 0.5),
}

// analysis turns a Result into the problem's Analysis, 1-based.
func analysis(res Result) problems.Analysis {
	return problems.Impartial(res.Grundy, problems.CellMoves(res.Winning))
}
