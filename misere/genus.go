package misere

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Gammas is how many misère values a Genus holds: γ0 … γ5.
const Gammas = 6

// Genus is Conway's genus of a position G: G is its normal-play value and
// Gamma[k] = G⁻(G + k·*2), the misère value of G with k Nim-heaps of size
// 2 beside it.
type Genus struct {
	G     int
	Gamma []int
}

// String writes the genus in Conway's notation, g^γ0γ1…, the superscript
// cut after the first two values of the alternation it settles into, as
// far as computed: 0^120, 1^031, 2^20, 4^146. Values of 10 and more are
// separated by commas.
func (g Genus) String() string {
	k := g.settles()
	parts := make([]string, 0, k+2)
	wide := false
	for _, v := range g.Gamma[:min(len(g.Gamma), k+2)] {
		parts = append(parts, strconv.Itoa(v))
		wide = wide || v > 9
	}
	sep := ""
	if wide {
		sep = ","
	}
	return fmt.Sprintf("%d^%s", g.G, strings.Join(parts, sep))
}

// settles returns the first k with γj = γj+2 for every computed j >= k.
func (g Genus) settles() int {
	k := len(g.Gamma) - 2
	for k > 0 && g.Gamma[k-1] == g.Gamma[k+1] {
		k--
	}
	return max(k, 0)
}

// Nim returns the genus of the Nim-heap *n: 0^120 (γ: 1, then 2, 0, 2,
// …), 1^031 (0, then 3, 1, 3, …), and n^{n, n⊕2} for n >= 2.
func Nim(n int) Genus {
	g := Genus{G: n, Gamma: make([]int, Gammas)}
	for k := range g.Gamma {
		g.Gamma[k] = nimGamma(n, k)
	}
	return g
}

// nimGamma is γk of the Nim-heap *n.
func nimGamma(n, k int) int {
	switch {
	case n >= 2:
		return n ^ (2 * (k % 2))
	case k == 0:
		return 1 - n
	case k%2 == 1:
		return 2 + n
	}
	return n
}

// Tame reports whether the genus is a Nim-heap's: a heap of the game then
// plays in misère sums of such heaps as the Nim-heap of its normal value.
func (g Genus) Tame() bool {
	for k, v := range g.Gamma {
		if v != nimGamma(g.G, k) {
			return false
		}
	}
	return true
}

// Genus returns the genus of heap n, exactly: computed from the genera
// of the positions its moves leave (exactGenus), Gamma long enough to
// show where it settles into its alternation (at least Gammas values). A
// heap out of range 0..MaxHeap is an error.
func (s *Solver) Genus(ctx context.Context, n int) (Genus, error) {
	if err := checkHeaps([]int{n}); err != nil {
		return Genus{}, err
	}
	if g, ok := s.genus[n]; ok {
		return g, nil
	}
	q, err := s.exactGenus(ctx, s.canonical([]int{n}))
	if err != nil {
		return Genus{}, err
	}
	g := q.genus()
	s.genus[n] = g
	return g, nil
}

// normalTo computes the normal-play values of heaps 0..n.
func (s *Solver) normalTo(ctx context.Context, n int) error {
	if n < len(s.normal) {
		return nil
	}
	vals, err := s.g.Plain(ctx, s.normal, n+1)
	if err != nil {
		return err
	}
	s.normal = vals
	return nil
}
