package game

// Record is a published fact about one position of a game: who wins it
// with each player moving first, where that was published, and, where
// nimber decided the position itself, what that took.
type Record struct {
	// Position is the position in the game's text form; Rows and Cols
	// are its board's size, for a game on rectangles.
	Position string `json:"position"`
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	// LeftFirst and RightFirst name the winner with Left, and with Right,
	// moving first: "Left", "Right", or "" where the source claims
	// nothing.
	LeftFirst  string `json:"left_first"`
	RightFirst string `json:"right_first"`
	// Outcome is the outcome class (L, R, N or P) when both are claimed,
	// else the two classes the one claim leaves ("L or N": Left wins
	// moving first).
	Outcome string `json:"outcome"`
	// Source is the key of the publication (one of the game's
	// RecordSources); Evidence says what of it was read to check this
	// record, in the game's own words (Domineering: check, abstract,
	// unread).
	Source   string `json:"source"`
	Evidence string `json:"evidence"`
	// Positions, Seconds and Machine are nimber's own decision of the
	// position where it was measured (positions searched, wall-clock
	// seconds, the machine in words); null and empty where not.
	Positions *int64   `json:"positions"`
	Seconds   *float64 `json:"seconds"`
	Machine   string   `json:"machine"`
}

// Source is a publication that records cite.
type Source struct {
	// Key is how records name it; Citation its authors, title and venue;
	// URL where it can be found (a DOI or the publisher's page), or "".
	Key      string `json:"key"`
	Citation string `json:"citation"`
	URL      string `json:"url,omitempty"`
	// Read says what of it was read to check the records that cite it,
	// and what could not be.
	Read string `json:"read"`
}

// Records is implemented by the rules of games with published results
// about their positions (Domineering's rectangles); RecordsOf finds it.
type Records interface {
	// Records lists the published results, in the game's own order.
	Records() []Record
	// RecordSources lists the publications they cite, each once.
	RecordSources() []Source
}

// RecordsOf returns the published results of g's positions; ok is false
// when g has none.
func RecordsOf(g Game) (r Records, ok bool) {
	r, ok = g.Rules().(Records)
	return r, ok
}
