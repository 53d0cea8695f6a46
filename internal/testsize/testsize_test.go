package testsize

import "testing"

// TestN checks that N follows -short.
func TestN(t *testing.T) {
	want := 10
	if testing.Short() {
		want = 1
	}
	if got := N(10, 1); got != want {
		t.Errorf("N(10, 1) = %d with -short %v, want %d", got, testing.Short(), want)
	}
}
