package heap

// Period is the periodicity found in a computed nim-sequence.
type Period struct {
	// Period is p and Preperiod n0: the smallest n0 with G(n+p) = G(n) for
	// every computed n >= n0.
	Period, Preperiod int
	// Proven reports that the Guy–Smith condition holds within the
	// computed values: G(n+p) = G(n) for n0 <= n < 2 n0 + p + t, t the
	// largest removal, which proves the period for all n >= n0. It applies
	// to octal games only (no three-heap moves, no unequal splits).
	Proven bool
	// Needed is how many values the condition needs: 2 n0 + 2p + t.
	Needed int
	// Saltus s > 0 marks an arithmetic period: G(n+p) = G(n) + s for every
	// computed n >= n0. It is never proven.
	Saltus int
}

// FindPeriod looks for the smallest period p <= maxPeriod (0: half the
// values) of g whose agreement G(n+p) = G(n) runs to the end of g, and
// proves it with the Guy–Smith condition when it can. It returns the
// smallest proven period; failing that, the smallest apparent one (an
// agreement covering at least three periods and half of g), unproven;
// failing that, the smallest apparent arithmetic period (G(n+p) = G(n) + s,
// s > 0, on the same terms), unproven; ok is false when there is none.
func (gm *Code) FindPeriod(g *Seq, maxPeriod int) (per Period, ok bool) {
	return FindPeriod(g, maxPeriod, gm.MaxRemoval(), gm.Octal())
}

// Values is a computed nim-sequence G(0..Len()-1): a *Seq, or Ints for any
// game with heaps.
type Values interface {
	Len() int
	Value(n int) int
}

// Ints is a nim-sequence held as plain integers.
type Ints []int

// Len returns the number of values.
func (v Ints) Len() int { return len(v) }

// Value returns G(n).
func (v Ints) Value(n int) int { return v[n] }

// FindPeriod is (*Game).FindPeriod for the values g of any heap game: t is
// the largest number of tokens a move removes and octal whether the game is
// octal (the Guy–Smith proof applies); a game that is not octal only ever
// gets an apparent period.
func FindPeriod(g Values, maxPeriod, t int, octal bool) (per Period, ok bool) {
	n := g.Len()
	if maxPeriod <= 0 || maxPeriod > n/2 {
		maxPeriod = n / 2
	}
	var apparent Period
	// bases are periods p whose agreement ran long, with their n0: the
	// values agree m p apart from n0 on too, so the walk for a multiple
	// of p starts below n0. Without them a sequence that agrees with some
	// period far back (before its preperiod, say) costs that distance for
	// every multiple of the period.
	type base struct{ p, n0 int }
	var bases []base
	for p := 1; p <= maxPeriod; p++ {
		if apparent.Period > 0 && p%apparent.Period == 0 {
			continue // a multiple of an apparent period proves nothing more
		}
		// p counts only if the values agree p apart from low on: the
		// proof needs n0 <= (n-2p-t)/2, an apparent period n0 <= n/2 and
		// n0 <= n-4p. A look at the first positions from low rules most p
		// out at once, where the walk from the end could be long.
		low := -1
		if octal && n-2*p-t >= 0 {
			low = (n - 2*p - t) / 2
		}
		if apparent.Period == 0 {
			low = max(low, min(n/2, n-4*p))
		}
		if low < 0 || !agree(g, p, low, min(low+64, n-p)) {
			continue
		}
		// Walk back from the end while the values agree p apart.
		k := n - p - 1
		for _, b := range bases {
			if p%b.p == 0 {
				k = min(k, b.n0-1)
			}
		}
		start := k
		for k >= 0 && g.Value(k) == g.Value(k+p) {
			k--
		}
		n0 := k + 1
		if start-k > 64 && len(bases) < 64 {
			bases = append(bases, base{p, n0})
		}
		needed := 2*n0 + 2*p + t
		if octal && n >= needed {
			return Period{Period: p, Preperiod: n0, Proven: true, Needed: needed}, true
		}
		if apparent.Period == 0 && n-p-n0 >= 3*p && n0 <= n/2 {
			apparent = Period{Period: p, Preperiod: n0, Needed: needed}
		}
	}
	if apparent.Period == 0 {
		apparent = arithmeticPeriod(g, maxPeriod)
	}
	return apparent, apparent.Period > 0
}

// agree reports whether G(k) = G(k+p) for from <= k < to.
func agree(g Values, p, from, to int) bool {
	for k := from; k < to; k++ {
		if g.Value(k) != g.Value(k+p) {
			return false
		}
	}
	return true
}

// arithmeticPeriod returns the smallest apparent arithmetic period of g
// with p <= maxPeriod, or a zero Period.
func arithmeticPeriod(g Values, maxPeriod int) Period {
	n := g.Len()
	for p := 1; p <= maxPeriod; p++ {
		s := g.Value(n-1) - g.Value(n-1-p)
		if s <= 0 {
			continue
		}
		k := n - p - 1
		for k >= 0 && g.Value(k+p)-g.Value(k) == s {
			k--
		}
		if n0 := k + 1; n-p-n0 >= 3*p && n0 <= n/2 {
			return Period{Period: p, Preperiod: n0, Saltus: s}
		}
	}
	return Period{}
}

// Summary is what the front ends report of a computed nim-sequence: its
// period (all zero when none shows) and how the sparse-space engine sees
// its values.
type Summary struct {
	Canonical string `json:"canonical"` // the game's canonical code
	Octal     bool   `json:"octal"`     // whether Guy–Smith proofs apply
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Proven    bool   `json:"proven"`
	Saltus    int    `json:"saltus"` // arithmetic period: G(n+p) = G(n) + saltus; 0 for a plain period
	Needed    int    `json:"values_needed_for_proof,omitempty"`
	Largest   int    `json:"largest_value"`
	Mask      int    `json:"mask"`       // the sparse-space mask for these values
	Rare      int    `json:"rare_heaps"` // heaps whose value is rare under Mask
	// LastRare is the largest heap whose value is rare under Mask, -1 when
	// none is or Mask is 0 (no rare/common split).
	LastRare int `json:"last_rare_heap"`
	// LastExceptional is the last heap whose value is not the periodic
	// one, Preperiod-1 (G(n+p) != G(n) + saltus there); -1 when the
	// sequence is periodic from 0 or has no period.
	LastExceptional int `json:"last_exceptional"`
}

// Summarize returns the Summary of the values g of the game: FindPeriod
// over every period up to half of g, and RareStats.
func (gm *Code) Summarize(g *Seq) Summary {
	st := gm.RareStats(g)
	sum := Summary{Canonical: gm.String(), Octal: gm.Octal(), Largest: int(st.Largest), Mask: int(st.Mask), Rare: st.Rare,
		LastRare: LastRare(g, st.Mask), LastExceptional: -1}
	if per, ok := gm.FindPeriod(g, 0); ok {
		sum.Period, sum.Preperiod, sum.Proven, sum.Saltus, sum.Needed = per.Period, per.Preperiod, per.Proven, per.Saltus, per.Needed
		sum.LastExceptional = per.Preperiod - 1
	}
	return sum
}

// SummarizeValues returns the Summary of the values of any game with heaps,
// named name: its apparent period or arithmetic period (never proven: the
// Guy–Smith proof is for octal codes) and its largest value.
func SummarizeValues(name string, g Values) Summary {
	sum := Summary{Canonical: name, LastRare: -1, LastExceptional: -1}
	for n := range g.Len() {
		sum.Largest = max(sum.Largest, g.Value(n))
	}
	if per, ok := FindPeriod(g, 0, 0, false); ok {
		sum.Period, sum.Preperiod, sum.Saltus = per.Period, per.Preperiod, per.Saltus
		sum.LastExceptional = per.Preperiod - 1
	}
	return sum
}
