package gametest

import (
	"context"
	"errors"
	"testing"

	"nimber/game"
)

// ParseLimit checks that g refuses the position text with a
// *game.LimitError of got against limit; what names the measure in the
// failure message ("stones", "cells").
func ParseLimit(t *testing.T, g game.Game, text string, got, limit int64, what string) {
	t.Helper()
	_, err := g.Parse(text)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Got != got || le.Limit != limit {
		t.Errorf("%d %s: %v, want a limit of %d %s", got, what, err, limit, what)
	}
}

// ParseLimitOn checks that g refuses the position text with a
// *game.LimitError on measure, whatever its figures; what describes the
// position in the failure message.
func ParseLimitOn(t *testing.T, g game.Game, text, measure, what string) {
	t.Helper()
	_, err := g.Parse(text)
	var le *game.LimitError
	if !errors.As(err, &le) || le.Measure != measure {
		t.Errorf("%s: %v, want a limit on %s", what, err, measure)
	}
}

// Refusals checks the errors of a computation run that takes a context
// and an argument: it must refuse bad (out of range) with an error, over
// (past a limit) with a *game.LimitError, and good under a cancelled
// context with context.Canceled.
func Refusals[A any](t *testing.T, run func(ctx context.Context, arg A) error, bad, over, good A) {
	t.Helper()
	ctx := context.Background()
	if err := run(ctx, bad); err == nil {
		t.Errorf("%v gave no error", bad)
	}
	var le *game.LimitError
	if err := run(ctx, over); !errors.As(err, &le) {
		t.Errorf("%v: %v, want a *game.LimitError", over, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := run(cancelled, good); !errors.Is(err, context.Canceled) {
		t.Errorf("%v under a cancelled context: %v", good, err)
	}
}
