package cgt

// theoryMemo holds what the theory's operations (atomic weight, Norton
// products, ordinal sums, heating, reduced canonical forms) have found in
// one Calc.
type theoryMemo struct {
	naiveAW, starProj     map[Game]Game
	farStar               map[Game]uint64
	allSmall              map[Game]bool
	norton, ordinal, heat map[[2]Game]Game
}

// theory returns the theory memo of c, made on first use.
func (c *Calc) theory() *theoryMemo {
	if c.theoryMemo == nil {
		c.theoryMemo = &theoryMemo{naiveAW: map[Game]Game{}, farStar: map[Game]uint64{}, allSmall: map[Game]bool{},
			starProj: map[Game]Game{}, norton: map[[2]Game]Game{}, ordinal: map[[2]Game]Game{}, heat: map[[2]Game]Game{}}
	}
	return c.theoryMemo
}

// entries counts the memo's entries, for the Calc's memory estimate.
func (t *theoryMemo) entries() int64 {
	if t == nil {
		return 0
	}
	return int64(len(t.naiveAW) + len(t.starProj) + len(t.farStar) + len(t.allSmall) + len(t.norton) + len(t.ordinal) + len(t.heat))
}

// memoized returns m[k], or else what compute returns, kept in m[k] when
// it succeeds: how the theory's operations memoise their games.
func memoized[K comparable](m map[K]Game, k K, compute func() (Game, error)) (Game, error) {
	if v, ok := m[k]; ok {
		return v, nil
	}
	v, err := compute()
	if err != nil {
		return 0, err
	}
	m[k] = v
	return v, nil
}
