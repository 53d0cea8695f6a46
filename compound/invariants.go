package compound

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nimber/game"
	"nimber/sg"
)

// W is a w-number, the invariant of the diminished disjunctive and shortened
// selective compounds (On Numbers and Games calls it the foreclosed Grundy
// number): a non-negative number, or SL or SW.
type W int32

// The two special w-numbers.
const (
	// SL ("sure loss"): the component has ended under normal play; any
	// compound holding it is over, lost by the player to move.
	SL W = -1
	// SW ("sure win"): the player to move can end the compound at once in
	// his favour.
	SW W = -2
)

// String returns "SL", "SW" or the number.
func (w W) String() string {
	switch w {
	case SL:
		return "SL"
	case SW:
		return "SW"
	}
	return strconv.Itoa(int(w))
}

// Invariants holds, for every position of a game, the values that decide
// the twelve compounds.
type Invariants struct {
	game GameGraph
	// G is the Grundy value (ended: 0), GMisere the misère Grundy value
	// (ended: 1).
	G, GMisere []int32
	// R and RMisere are the remoteness under normal and misère play (ended:
	// 0 and 1): if some option has even remoteness, 1 + the least even one,
	// else 1 + the largest.
	R, RMisere []int32
	// S and SMisere are the suspense numbers (ended: 0 and 1): if some
	// option has even suspense, 1 + the largest even one, else 1 + the least.
	S, SMisere []int32
	// W is the w-number: SL when ended, SW when some option has ended,
	// else the mex of the options' w-numbers skipping SW options. WMisere:
	// SW when ended, else the mex of the options' WMisere skipping SW.
	W, WMisere []W
	// Tame reports positions all of whose followers (itself included) have
	// G = G- or {G, G-} = {0, 1}.
	Tame []bool
	// Ended reports positions with no option.
	Ended []bool
	// SearchLimit bounds the positions that Decide's exhaustive search
	// (misère sums of components not all tame) may memoize; Compute sets it
	// to DefaultSearchLimit. Beyond it Decide fails with a
	// *SearchLimitError.
	SearchLimit int
}

// Function names the per-position invariants, as the table command takes them.
var Functions = []string{"grundy", "grundy-misere", "remoteness", "remoteness-misere", "suspense", "suspense-misere", "w", "w-misere"}

// Value returns invariant function f (one of Functions) of position p as
// text: a number, or SL and SW for w-numbers.
func (inv *Invariants) Value(f string, p int) (string, error) {
	n, err := inv.Number(f, p)
	if err != nil {
		return "", err
	}
	if f == "w" || f == "w-misere" {
		return W(n).String(), nil
	}
	return strconv.Itoa(n), nil
}

// Number returns invariant function f (one of Functions) of position p as a
// number, the w-numbers SL and SW as int(SL) and int(SW).
func (inv *Invariants) Number(f string, p int) (int, error) {
	// The columns in the order of Functions.
	ints := [][]int32{inv.G, inv.GMisere, inv.R, inv.RMisere, inv.S, inv.SMisere}
	ws := [][]W{inv.W, inv.WMisere}
	switch i := slices.Index(Functions, f); {
	case i < 0:
		return 0, fmt.Errorf("unknown function %q (known: %s)", f, strings.Join(Functions, ", "))
	case i < len(ints):
		return int(ints[i][p]), nil
	default:
		return int(ws[i-len(ints)][p]), nil
	}
}

// Compute returns every invariant of every position of g in one pass over
// the positions in topological order (options first), without recursion.
// It fails when g has a cycle, and returns ctx's error once cancelled.
func Compute(ctx context.Context, g GameGraph) (*Invariants, error) {
	order, err := TopologicalOrderContext(ctx, g)
	if err != nil {
		return nil, err
	}
	n := g.Len()
	inv := &Invariants{
		SearchLimit: DefaultSearchLimit,
		game:        g,
		G:           make([]int32, n), GMisere: make([]int32, n),
		R: make([]int32, n), RMisere: make([]int32, n),
		S: make([]int32, n), SMisere: make([]int32, n),
		W: make([]W, n), WMisere: make([]W, n),
		Tame: make([]bool, n), Ended: make([]bool, n),
	}
	var g0, g1, w0, w1 sg.MexSet
	for k, p32 := range order {
		if k&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		p := int(p32)
		g0.Reset()
		g1.Reset()
		w0.Reset()
		w1.Reset()
		var (
			count            int
			tame             = true
			minEvenR, maxR   = int32(-1), int32(-1)
			minEvenRm, maxRm = int32(-1), int32(-1)
			maxEvenS, minS   = int32(-1), int32(-1)
			maxEvenSm, minSm = int32(-1), int32(-1)
			optionEnded      bool
		)
		g.Options(p, func(q int) {
			count++
			g0.Add(int(inv.G[q]))
			g1.Add(int(inv.GMisere[q]))
			if inv.W[q] == SL {
				optionEnded = true
			}
			if inv.W[q] >= 0 {
				w0.Add(int(inv.W[q]))
			}
			if inv.WMisere[q] >= 0 {
				w1.Add(int(inv.WMisere[q]))
			}
			tame = tame && inv.Tame[q]
			track(inv.R[q], &minEvenR, &maxR, minOf, maxOf)
			track(inv.RMisere[q], &minEvenRm, &maxRm, minOf, maxOf)
			track(inv.S[q], &maxEvenS, &minS, maxOf, minOf)
			track(inv.SMisere[q], &maxEvenSm, &minSm, maxOf, minOf)
		})
		if count == 0 {
			inv.Ended[p] = true
			inv.G[p], inv.GMisere[p] = 0, 1
			inv.R[p], inv.RMisere[p] = 0, 1
			inv.S[p], inv.SMisere[p] = 0, 1
			inv.W[p], inv.WMisere[p] = SL, SW
			inv.Tame[p] = true
			continue
		}
		inv.G[p], inv.GMisere[p] = int32(g0.Mex()), int32(g1.Mex())
		inv.R[p], inv.RMisere[p] = 1+pick(minEvenR, maxR), 1+pick(minEvenRm, maxRm)
		inv.S[p], inv.SMisere[p] = 1+pick(maxEvenS, minS), 1+pick(maxEvenSm, minSm)
		if optionEnded {
			inv.W[p] = SW
		} else {
			inv.W[p] = W(w0.Mex())
		}
		inv.WMisere[p] = W(w1.Mex())
		gv, gm := inv.G[p], inv.GMisere[p]
		inv.Tame[p] = tame && (gv == gm || gv+gm == 1 && gv*gm == 0)
	}
	return inv, nil
}

func minOf(a, b int32) int32 { return min(a, b) }
func maxOf(a, b int32) int32 { return max(a, b) }

// track folds value v of an option into the best even value (chosen by
// even) and the fallback over all values (chosen by all); -1 means none yet.
func track(v int32, bestEven, fallback *int32, even, all func(a, b int32) int32) {
	if v%2 == 0 {
		if *bestEven < 0 {
			*bestEven = v
		} else {
			*bestEven = even(*bestEven, v)
		}
	}
	if *fallback < 0 {
		*fallback = v
	} else {
		*fallback = all(*fallback, v)
	}
}

// pick returns the best even value when there is one, else the fallback.
func pick(bestEven, fallback int32) int32 {
	if bestEven >= 0 {
		return bestEven
	}
	return fallback
}

// ComputeGame returns the explicit graph of every position of g reachable
// from starts (game.Game.Explore, at most limit positions) and the
// invariants of its positions: the compounds and tables of any game.
func ComputeGame(ctx context.Context, g game.Game, starts []game.Position, limit int) (*game.Graph, *Invariants, error) {
	gr, err := g.Explore(ctx, starts, limit)
	if err != nil {
		return nil, nil, err
	}
	inv, err := Compute(ctx, gr)
	if err != nil {
		return nil, nil, err
	}
	return gr, inv, nil
}
