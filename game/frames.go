package game

import "slices"

// Frames returns the frames that the parts of s stand in, each once, in the
// order of their first part, by frameOf (a part's frame, such as its board);
// when s has no part, the frame of s.Frame alone, or none when that is the
// zero F (the sum Join makes of no position). A sum of positions joined
// from boards of different sizes has parts of several frames: a game whose
// solver, memo, limits or format depend on the frame works over these, not
// over s.Frame, which is only the first position's.
func Frames[P, F comparable](s Sum[P], frameOf func(P) F) []F {
	if len(s.Parts) == 0 {
		var zero F
		if f := frameOf(s.Frame); f != zero {
			return []F{f}
		}
		return nil
	}
	var out []F
	for _, p := range s.Parts {
		if f := frameOf(p); !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
