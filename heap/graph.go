package heap

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/compound"
)

// MaxGraphPositions bounds the positions Graph explores.
const MaxGraphPositions = 1 << 20

// Graph builds the explicit game graph of the heap-game positions reachable
// from the given starting positions, so that heap games can be components
// of the twelve compounds. A position is a multiset of heaps (a sum within
// one component), named like "3+2+2"; "0" is the empty position. It returns
// the graph and the indexes of the starting positions, or an error beyond
// limit positions.
func (gm *Game) Graph(starts [][]int, limit int) (*compound.Graph, []int, error) {
	if limit <= 0 || limit > MaxGraphPositions {
		limit = MaxGraphPositions
	}
	g := &compound.Graph{}
	index := map[string]int{}
	var states [][]int
	add := func(heaps []int) (int, error) {
		s := slices.Clone(heaps)
		s = slices.DeleteFunc(s, func(h int) bool { return h == 0 })
		slices.SortFunc(s, func(a, b int) int { return b - a })
		key := name(s)
		if i, ok := index[key]; ok {
			return i, nil
		}
		if len(states) >= limit {
			return 0, fmt.Errorf("heap game %s: more than %d positions reachable; use smaller heaps", gm, limit)
		}
		index[key] = len(states)
		states = append(states, s)
		g.Opts = append(g.Opts, nil)
		g.Names = append(g.Names, key)
		return len(states) - 1, nil
	}
	var roots []int
	for _, s := range starts {
		i, err := add(s)
		if err != nil {
			return nil, nil, err
		}
		roots = append(roots, i)
	}
	for next := 0; next < len(states); next++ {
		s := states[next]
		var opts []int
		for i, h := range s {
			if i > 0 && s[i-1] == h {
				continue // the same move from an equal heap
			}
			var err error
			gm.Moves(h, func(m Move) bool {
				after := append(append(slices.Clone(s[:i]), s[i+1:]...), m.Left...)
				var j int
				if j, err = add(after); err != nil {
					return false
				}
				if !slices.Contains(opts, j) {
					opts = append(opts, j)
				}
				return true
			})
			if err != nil {
				return nil, nil, err
			}
		}
		g.Opts[next] = opts
	}
	return g, roots, nil
}

// ParseHeaps reads a position such as "7" or "5+3+1".
func ParseHeaps(s string) ([]int, error) {
	var heaps []int
	for _, f := range strings.Split(s, "+") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 1<<20 {
			return nil, fmt.Errorf("heap position %q: %q is not a heap size", s, f)
		}
		heaps = append(heaps, n)
	}
	return heaps, nil
}

func name(heaps []int) string {
	if len(heaps) == 0 {
		return "0"
	}
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, "+")
}
