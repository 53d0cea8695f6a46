package game

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"nimber/sg"
)

// Frames returns the frames that the parts of s stand in, each once, in the
// order of their first part, by frameOf (a part's frame, such as its board);
// when s has no part, the frame of s.Frame alone, or none when that is the
// zero F (the sum Join makes of no position). A sum of positions joined
// from boards of different sizes has parts of several frames: a game whose
// solver, memo, limits or format depend on the frame works over these, not
// over s.Frame, which is only the first position's.
func Frames[P, F comparable](s Sum[P], frameOf FrameOf[P, F]) []F {
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

// FrameOf says which frame a part stands in (a part's board), for games
// whose parts carry their own frame: its methods do over the frames of a sum
// what such a game's Format, Check, Memory and Memo do over one.
type FrameOf[P, F comparable] func(P) F

// Format writes each frame of s by write, given the parts of s that stand
// in it, a blank line between frames. A sum joined from positions of
// several frames is then a text to read, not one position that Parse reads
// back.
func (of FrameOf[P, F]) Format(s Sum[P], write func(f F, parts []P) string) string {
	frames := Frames(s, of)
	if len(frames) == 1 { // the common case: every part stands in it
		return write(frames[0], s.Parts)
	}
	var b strings.Builder
	for i, f := range frames {
		if i > 0 {
			b.WriteByte('\n')
		}
		var on []P
		for _, p := range s.Parts {
			if of(p) == f {
				on = append(on, p)
			}
		}
		b.WriteString(write(f, on))
	}
	return b.String()
}

// Check returns the first error of check on the frames of s.
func (of FrameOf[P, F]) Check(s Sum[P], check func(F) error) error {
	for _, f := range Frames(s, of) {
		if err := check(f); err != nil {
			return err
		}
	}
	return nil
}

// Memory returns the sum of need over the frames of s: the estimate of
// solvers that keep a table a frame.
func (of FrameOf[P, F]) Memory(s Sum[P], need func(F) int64) int64 {
	var n int64
	for _, f := range Frames(s, of) {
		n += need(f)
	}
	return n
}

// Memo returns flat(f) when the parts of s stand in the one frame f, and a
// hash memo when they stand in several or none.
func (of FrameOf[P, F]) Memo(s Sum[P], flat func(F) sg.Memo[P]) sg.Memo[P] {
	frames := Frames(s, of)
	if len(frames) != 1 {
		return sg.NewMapMemo[P]()
	}
	return flat(frames[0])
}

// Tables returns the Valuer of a game that solves each frame into a table:
// solve makes the table of every frame of s, and value reads a part's
// value from its frame's table.
func Tables[P, F comparable, T any](ctx context.Context, of FrameOf[P, F], s Sum[P], solve func(context.Context, F) (T, error), value func(T, P) int) (Valuer[P], error) {
	v := frameTables[P, F, T]{of: of, value: value, tables: map[F]T{}}
	for _, f := range Frames(s, of) {
		t, err := solve(ctx, f)
		if err != nil {
			return nil, err
		}
		v.tables[f] = t
	}
	return v, nil
}

// frameTables values parts from the table of their frame.
type frameTables[P, F comparable, T any] struct {
	of     FrameOf[P, F]
	value  func(T, P) int
	tables map[F]T
}

func (v frameTables[P, F, T]) Grundy(_ context.Context, p P) (int, error) {
	t, ok := v.tables[v.of(p)]
	if !ok {
		return 0, fmt.Errorf("game: a part in a frame (a board) that the position solved does not have")
	}
	return v.value(t, p), nil
}
