// Package testsize sizes the random trials of tests: many in a full run,
// fewer under go test -short.
package testsize

import "testing"

// N returns full, or short when the tests run with -short.
func N(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
