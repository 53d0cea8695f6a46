package hackenbush

import (
	"fmt"
	"strings"
	"testing"

	"nimber/game/gametest"
)

// grid returns a JSON picture of an r x c grid of vertices whose bottom
// row stands on the ground, its edges coloured L, R, G in turn.
func grid(r, c int) string {
	var es []string
	colour := 0
	v := func(i, j int) int { return 1 + i*c + j }
	add := func(u, w int) {
		es = append(es, fmt.Sprintf(`[%d, %d, "%c"]`, u, w, "LRG"[colour%3]))
		colour++
	}
	for j := range c {
		add(0, v(0, j))
	}
	for i := range r {
		for j := range c {
			if j+1 < c {
				add(v(i, j), v(i, j+1))
			}
			if i+1 < r {
				add(v(i, j), v(i+1, j))
			}
		}
	}
	return `{"edges": [` + strings.Join(es, ", ") + "]}"
}

// BenchmarkStalks values ten mixed stalks of 30 edges: each a stalk's
// 30 positions, the sum of the ten.
func BenchmarkStalks(b *testing.B) {
	var s []string
	for i := range 10 {
		s = append(s, strings.Repeat("LRG"[i%3:i%3+1]+"RGL"[i%3:i%3+1], 15))
	}
	gametest.BenchValue(b, Game(), strings.Join(s, " "))
}

// BenchmarkGrid2x4 values a 2 x 4 grid of 14 edges (cycles: its
// subpictures, not its stalks, are searched).
func BenchmarkGrid2x4(b *testing.B) { gametest.BenchValue(b, Game(), grid(2, 4)) }

// BenchmarkGrid3x3 values a 3 x 3 grid of 15 edges.
func BenchmarkGrid3x3(b *testing.B) { gametest.BenchValue(b, Game(), grid(3, 3)) }
