package gametest

import (
	"slices"
	"testing"
)

// TestTwinHelpers checks the pieces of the games' twins: ReadPairs reads
// the fields "a,b" and refuses anything else, and SumKey writes a sum's
// parts sorted, the empty ones left out.
func TestTwinHelpers(t *testing.T) {
	if got, err := ReadPairs(" 3,5\t0,12 "); err != nil || !slices.Equal(got, [][2]int{{3, 5}, {0, 12}}) {
		t.Errorf("ReadPairs: %v, %v", got, err)
	}
	for _, bad := range []string{"3", "3,", ",5", "3,5,7", "x,1", "1;2"} {
		if got, err := ReadPairs(bad); err == nil {
			t.Errorf("ReadPairs(%q) = %v, want an error", bad, got)
		}
	}
	text := func(n int) string { return string(rune('a' + n)) }
	if got := SumKey([]int{2, 0, 1, 2}, text); got != "a b c c" {
		t.Errorf("SumKey = %q", got)
	}
	if got := TakeTwin(nil).Key([]int{3, 0, 1}); got != "1 3" {
		t.Errorf("TakeTwin's Key = %q, want the heaps left, sorted", got)
	}
}
