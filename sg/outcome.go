package sg

// Outcome is the outcome class of a position under normal play.
type Outcome byte

// The outcome classes: P and N for every finite acyclic game, and D for
// games with cycles, where best play can go on for ever.
const (
	// P: the previous player (the one who just moved) wins; the player to move loses.
	P Outcome = 'P'
	// N: the next player (the one to move) wins.
	N Outcome = 'N'
	// D: neither player can force a win (a draw by infinite play).
	D Outcome = 'D'
)

// OutcomeOf returns the outcome class of a position with the given Grundy
// value: P for zero, N otherwise.
func OutcomeOf(grundy int) Outcome {
	if grundy == 0 {
		return P
	}
	return N
}

// String returns "N", "P" or "D".
func (o Outcome) String() string { return string(rune(o)) }

// FirstPlayerWins reports whether the player to move wins with best play.
func (o Outcome) FirstPlayerWins() bool { return o == N }
