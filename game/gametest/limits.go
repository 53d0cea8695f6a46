package gametest

import (
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
