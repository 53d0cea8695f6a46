package boi2008

// Verdict is the answer for one board with its reasons.
type Verdict struct {
	// Winner is the player with a winning strategy.
	Winner Player
	// Distance is D, the length of a shortest path between the starts.
	Distance int
	// FirstMove is A's first move of a winning strategy, when A wins.
	FirstMove *Square
	// Interception is, when B wins, the square where B lands on A at his
	// d-th move (move number 2d of the game, D = 2d) on the principal line:
	// A plays his first listed option wherever all lose, B answers with a
	// winning one. Nil when the line was not reconstructed (see Line).
	Interception *Square
	// InterceptionMove is B's move number of the interception, d = D/2.
	InterceptionMove int
	// Line is the principal line, alternating A's and B's squares after each
	// move (the squares A and B reach), when it was reconstructed.
	Line []Square
}
