// Package strip holds what the partizan games on rows of cells (Toads and
// Frogs, Toppling Dominoes) share: their position format (rows joined by
// '+', each row split into the parts no move joins), its writing, the
// limit on a part's length and the legend. Each game's rules stay in its
// own package.
package strip

import (
	"strings"

	"nimber/game"
)

// Board describes a partizan game whose positions are sums of rows of
// cells: how a text is cut into rows and which characters they hold, how
// a row splits into parts, how a part is written, what Check counts and
// the legend. From it come the game's Parse, Format, Check, Legend and
// PartNoun; a game's rules embed it and add the moves (Options).
type Board struct {
	// Rows cuts a position's text into its rows.
	Rows func(text string) []string
	// Chars holds the characters a row may hold, as errors name them.
	Chars string
	// Cell says whether a character is one of a row's and what is kept
	// of it (0 to drop it), as game.ParseRows reads a row.
	Cell func(c byte) (byte, bool)
	// Split returns the parts of a row with a move in them.
	Split func(row string) []string
	// Text writes a part as Parse reads it; nil, as it is.
	Text func(part string) string
	// Most is the most cells of a part Check accepts, and Units names
	// them ("squares", "dominoes").
	Most  int
	Units string
	// Symbols is the rows' legend.
	Symbols []game.Symbol
}

// Parse reads a position: text, refused when longer than game.MaxText,
// cut into rows by Rows, each read by game.ParseRows and split into its
// parts. Errors say the row (when there are several), column and
// character.
func (b Board) Parse(text string) (game.Sum[string], error) {
	if err := game.CheckText(text, game.MaxText); err != nil {
		return game.Sum[string]{}, err
	}
	rows, err := game.ParseRows(b.Rows(text), b.Chars, b.Cell)
	if err != nil {
		return game.Sum[string]{}, err
	}
	return game.SplitBoards(rows, b.Split), nil
}

// Format writes s as Parse reads it: its parts, each by Text, joined by
// " + ", and a position with no part as ".".
func (b Board) Format(s game.Sum[string]) string {
	if len(s.Parts) == 0 {
		return "."
	}
	return game.JoinParts(s.Parts, b.text, " + ")
}

// Check refuses a part of more than Most cells, naming it as Text writes
// it.
func (b Board) Check(s game.Sum[string]) error {
	return game.CheckRows(s.Parts, b.text, b.Units, b.Most)
}

// Upper returns a Cell that reads each character of keep in either case,
// keeping it in upper case, and each of drop, dropping it; any other
// character is not one of a row's.
func Upper(keep, drop string) func(c byte) (byte, bool) {
	return func(c byte) (byte, bool) {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		switch {
		case strings.IndexByte(keep, c) >= 0:
			return c, true
		case strings.IndexByte(drop, c) >= 0:
			return 0, true
		}
		return 0, false
	}
}

// text writes part p by Text, or as it is.
func (b Board) text(p string) string {
	if b.Text == nil {
		return p
	}
	return b.Text(p)
}

// Legend returns the rows' characters and their meanings.
func (b Board) Legend() []game.Symbol { return b.Symbols }

// PartNoun names a part of a position: a row.
func (Board) PartNoun() string { return "row" }
