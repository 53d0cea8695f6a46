package game

import "fmt"

// LimitError reports a position refused because a measure of it is over a
// limit: "board 2000 x 2000: 4000000 cells, limit 1000000".
type LimitError struct {
	// What is measured, e.g. "heap 3" or "board 2000 x 2000".
	What string
	// Measure names the unit counted, e.g. "tokens" or "cells".
	Measure string
	// Got and Limit are the measure and its largest allowed value.
	Got, Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: %d %s, limit %d", e.What, e.Got, e.Measure, e.Limit)
}

// CheckLimit returns a *LimitError when got exceeds limit, else nil.
func CheckLimit(what, measure string, got, limit int64) error {
	if got > limit {
		return &LimitError{What: what, Measure: measure, Got: got, Limit: limit}
	}
	return nil
}

// MaxText is the longest position text that the games' Parse reads, in
// bytes, unless a game says less: a longer text is refused by CheckText
// before it is split.
const MaxText = 1 << 16

// CheckText refuses, with a *LimitError, a position text of more than
// most bytes: the first check of a Parse, before the text is split.
func CheckText(text string, most int) error {
	return CheckLimit("position text", "bytes", int64(len(text)), int64(most))
}
