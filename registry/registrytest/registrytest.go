// Package registrytest gives tests the registry's games by name.
package registrytest

import (
	"testing"

	"nimber/game"
	"nimber/registry"
)

// Game returns the registry's game called name (a family's member by its
// full name), failing tb when there is none.
func Game(tb testing.TB, name string) game.Game {
	tb.Helper()
	g, _, err := registry.Lookup(name)
	if err != nil {
		tb.Fatalf("game %q: %v", name, err)
	}
	return g
}
