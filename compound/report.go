package compound

import "context"

// ReportHead is what every decided compound's answer begins with: the rule,
// the outcome and what decided it.
type ReportHead struct {
	Rule string `json:"rule"` // e.g. "one/long/normal"
	Name string `json:"name"` // Conway's name of the compound
	// Outcome is "N" (the player to move wins), "P" or, for a compound of
	// games whose play repeats, "D" (neither can force a win); Winner says
	// the same as "first" (the player to move), "second" or "neither".
	Outcome string `json:"outcome"`
	Winner  string `json:"winner"`
	// Invariant names what decided; Combined is the combined value it
	// looked at, e.g. "nim-sum 3" or "sum ∞(1)".
	Invariant string `json:"invariant"`
	Combined  string `json:"combined"`
}

// Report is a decided compound as front ends show it: the verdict, what
// decided it, every component's invariants, and a winning move.
type Report struct {
	ReportHead
	Components []ComponentReport `json:"components"`
	// WinningMove is a winning move, nil when the player to move has none.
	WinningMove *MoveReport `json:"winning_move"`
}

// ComponentReport holds the invariants of one component.
type ComponentReport struct {
	Position int    `json:"position"`
	Name     string `json:"name"`
	// Value is the component's value of the deciding invariant.
	Value            string `json:"value"`
	Grundy           int32  `json:"grundy"`
	GrundyMisere     int32  `json:"grundy_misere"`
	Remoteness       int32  `json:"remoteness"`
	RemotenessMisere int32  `json:"remoteness_misere"`
	Suspense         int32  `json:"suspense"`
	SuspenseMisere   int32  `json:"suspense_misere"`
	W                string `json:"w"`
	WMisere          string `json:"w_misere"`
	Tame             bool   `json:"tame"`
	Ended            bool   `json:"ended"`
}

// MoveReport is a move of the compound.
type MoveReport struct {
	Moved []int    `json:"moved"` // the components played in, 0-based
	Next  []int    `json:"next"`  // every component's position after the move
	Names []string `json:"names"` // the same by name
}

// Report decides the compound of components under rule r (Decide) and
// finds a winning move (WinningMove) when the player to move wins; name
// names positions.
func (inv *Invariants) Report(ctx context.Context, components []int, r Rule, name func(p int) string) (*Report, error) {
	v, err := inv.Decide(ctx, components, r)
	if err != nil {
		return nil, err
	}
	rep := &Report{ReportHead: ReportHead{Rule: r.String(), Name: r.Name(), Outcome: v.Outcome().String(), Winner: "second",
		Invariant: v.Invariant, Combined: v.Combined}, Components: make([]ComponentReport, len(components))}
	if v.FirstWins {
		rep.Winner = "first"
	}
	for i, p := range components {
		rep.Components[i] = ComponentReport{Position: p, Name: name(p), Value: v.Values[i],
			Grundy: inv.G[p], GrundyMisere: inv.GMisere[p], Remoteness: inv.R[p], RemotenessMisere: inv.RMisere[p],
			Suspense: inv.S[p], SuspenseMisere: inv.SMisere[p], W: inv.W[p].String(), WMisere: inv.WMisere[p].String(),
			Tame: inv.Tame[p], Ended: inv.Ended[p]}
	}
	if !v.FirstWins {
		return rep, nil
	}
	next, moved, ok, err := inv.WinningMove(ctx, components, r)
	if err != nil || !ok {
		return rep, err
	}
	rep.WinningMove = moveReport(moved, next, name)
	return rep, nil
}

// moveReport reports a move that played in the components moved and left
// the positions next, named by name.
func moveReport(moved, next []int, name func(p int) string) *MoveReport {
	m := &MoveReport{Moved: moved, Next: next, Names: make([]string, len(next))}
	for i, p := range next {
		m.Names[i] = name(p)
	}
	return m
}
