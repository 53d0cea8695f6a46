package registry

import (
	"context"

	"nimber/game"
	"nimber/games/domineering"
	"nimber/grid"
	"nimber/searchjobs"
)

// The search of one board split into jobs (nimber outcome --out, --nats,
// nimber worker) is Domineering's; searchjobs imports no game, so the
// registry hands it over.
func init() {
	searchjobs.Register(searchjobs.Search{
		ParseBoard:    domineering.ParseBoard,
		CheckBoard:    domineering.CheckBoard,
		SelfTranspose: domineering.SelfTranspose,
		Split:         domineering.Split,
		NewSolver: func(rows, cols int, o game.OutcomeOptions) (searchjobs.Solver, error) {
			v, err := domineering.NewSolver(rows, cols, o)
			if err != nil {
				return nil, err
			}
			return func(ctx context.Context, g grid.Grid, mover game.Side) (bool, int64, error) {
				win, st, err := v.Wins(ctx, g, mover)
				return win, st.Nodes, err
			}, nil
		},
		DefaultTableMiB: domineering.DefaultOutcomeTableMiB,
		MaxTableMiB:     domineering.MaxOutcomeTableMiB,
	})
}
