package caos3

import (
	"context"
	"errors"

	"nimber/games/grid"
)

// Solve analyses g with the dense specialised solver.
func Solve(ctx context.Context, g grid.Grid) (Result, error) { return Result{}, errors.ErrUnsupported }

// SolveGeneric analyses g with the generic memoized solver of package sg.
func SolveGeneric(ctx context.Context, g grid.Grid) (Result, error) { return Result{}, errors.ErrUnsupported }
