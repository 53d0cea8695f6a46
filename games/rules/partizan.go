package rules

import (
	"context"
	"iter"

	"nimber/game"
)

// A partizan rules file defines left(p) and right(p) instead of moves(p):
// each returns the options of that player in p as moves does, a list with
// for each move the list of the parts it leaves ([] for none; an option
// that is not a list is the one part it leaves). Its game is of Kind
// partizan (game.OfPartizan), valued by canonical forms; positions,
// parse, show and name are as in an impartial file. The memo keeps both
// players' options of a position in one entry, computed together: a
// uvarint of the length of Left's encoded options, Left's, then Right's.

// partizanRules is the game.PartizanRules of a partizan file. It holds
// the Rules rather than embedding them, so that the impartial
// capabilities of Rules (heaps, sequences) are not found on it.
type partizanRules struct{ r *Rules }

// The capabilities of a partizan file's game.
var (
	_ game.PartizanRules[Pos]      = partizanRules{}
	_ game.PartizanContextual[Pos] = partizanRules{}
	_ game.Namer[Pos]              = partizanRules{}
	_ game.PartDescriber[Pos]      = partizanRules{}
)

// Parse implements game.PartizanRules as Rules.Parse does.
func (pr partizanRules) Parse(text string) (game.Sum[Pos], error) { return pr.r.Parse(text) }

// Format implements game.PartizanRules as Rules.Format does.
func (pr partizanRules) Format(s game.Sum[Pos]) string { return pr.r.Format(s) }

// Check implements game.PartizanRules as Rules.Check does.
func (pr partizanRules) Check(s game.Sum[Pos]) error { return pr.r.Check(s) }

// Name implements game.Namer: the parts' show joined by " + ".
func (pr partizanRules) Name(s game.Sum[Pos]) string { return pr.r.sumName(s) }

// PartNoun implements game.PartDescriber: a part, as in an impartial
// file's game.
func (pr partizanRules) PartNoun() string { return "part" }

// DescribePart implements game.PartDescriber: the part's show.
func (pr partizanRules) DescribePart(p Pos) string { return pr.r.text(p) }

// Options implements game.PartizanRules: side's options of p. A failure
// of the script leaves p without options; the Evaluator uses Bind, which
// reports failures.
func (pr partizanRules) Options(p Pos, side game.Side) iter.Seq[[]Pos] {
	b, failed := pr.r.bind(context.Background())
	defer failed()
	enc, _ := b.encoded(p)
	return sideOptions(enc, side)
}

// Bind implements game.PartizanContextual: rules whose options run the
// script under ctx and stop once it fails, and the function that returns
// its first failure as one line.
func (pr partizanRules) Bind(ctx context.Context) (game.PartizanRules[Pos], func() error) {
	b, failed := pr.r.bind(ctx)
	return partizanBound{partizanRules: pr, b: b}, failed
}

// partizanBound is a partizan file's rules bound to a work.
type partizanBound struct {
	partizanRules
	b *bound
}

// Options implements game.PartizanRules: side's options of p, none once
// the work failed.
func (pb partizanBound) Options(p Pos, side game.Side) iter.Seq[[]Pos] {
	enc, err := pb.b.encoded(p)
	if err != nil || pb.b.rn.w.bad.Load() {
		enc = nil
	}
	return sideOptions(enc, side)
}

// sideOptions iterates over side's options in enc, both players' encoded
// options of a position.
func sideOptions(enc []byte, side game.Side) iter.Seq[[]Pos] {
	if len(enc) > 0 {
		n, rest := uvarint(enc)
		if side == game.Left {
			enc = rest[:n]
		} else {
			enc = rest[n:]
		}
	}
	return func(yield func([]Pos) bool) {
		options(enc, func(_ int, parts []Pos) bool { return yield(parts) })
	}
}
