// Package storetest opens throw-away stores for the tests of the packages
// that keep their results in a store.
package storetest

import (
	"context"
	"path/filepath"
	"testing"

	"nimber/store"
)

// Open opens a new, empty store in a temporary folder of t; it is closed
// when the test ends (before the folder is removed).
func Open(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("closing the test store: %v", err)
		}
	})
	return st
}
