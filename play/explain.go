package play

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"nimber/compound"
	"nimber/game"
)

// Explanation says why a position is won or lost: its value as the nim-sum
// of its independent parts, its remoteness, and every legal move with the
// parts, value, outcome and remoteness it leads to. It is the answer of
// POST /api/moves/{game}.
type Explanation struct {
	// Position is the position in the game's text form.
	Position string `json:"position"`
	// Value is the value of the position: the Grundy value, the nim-sum of
	// the parts' values (null when the outcome alone decides, as in loopy
	// games).
	Value game.Value `json:"value"`
	// Outcome is N (the player to move wins), P, or D (loopy games).
	Outcome string `json:"outcome"`
	// Remoteness is the number of moves the game lasts under normal play
	// when the winner hurries and the loser delays; null when the
	// positions reachable are more than the search's limit.
	Remoteness *int `json:"remoteness"`
	// Parts are the independent parts with their Grundy values and the
	// values of their options (none when the position has no Grundy
	// value).
	Parts []ExplainedPart `json:"parts"`
	// NimSumBinary is Value in binary, the column sum of the parts'
	// values without carries (null when the position has no Grundy value).
	NimSumBinary *string `json:"nim_sum_binary"`
	// Moves are every legal move once, in the order of Game.Moves.
	Moves []ExplainedMove `json:"moves"`
}

// ExplainedPart is an independent part of the position with the mex that
// made its value: Value is the smallest value missing from Options.
type ExplainedPart struct {
	Part
	// Options are the distinct Grundy values of the positions a move in
	// this part alone leaves it as, in increasing order.
	Options []int `json:"options"`
}

// ExplainedMove is a legal move with what it leaves.
type ExplainedMove struct {
	Choice
	// Position is the whole position after the move.
	Position string `json:"position"`
	// Value, Outcome and Remoteness are those of the position after the
	// move, for the player then to move: the move wins when Outcome is P.
	Value      game.Value  `json:"value"`
	Outcome    string      `json:"outcome"`
	Remoteness *int        `json:"remoteness"`
	Parts      []Part      `json:"parts"`
	Cells      []game.Cell `json:"cells,omitempty"`
	// Winning reports a move after which the opponent loses.
	Winning bool `json:"winning"`
}

// ExplainLimit is the default bound of the positions Explain explores for
// the remoteness: enough for every small position, and a board too large
// to search is given up on within tens of milliseconds.
const ExplainLimit = 1 << 17

// Explain analyses pos for the player to move. The remoteness comes from
// the graph of every position reachable from pos, built within limit
// positions (game.Explore; ExplainLimit when zero or less); beyond it the
// remoteness is null and the rest is still given.
func Explain(ctx context.Context, g game.Game, pos game.Position, o game.Options, limit int) (*Explanation, error) {
	a, err := g.Analyze(ctx, pos, o)
	if err != nil {
		return nil, err
	}
	e := &Explanation{Position: a.Text, Outcome: a.Outcome.String(), Parts: []ExplainedPart{}, Moves: make([]ExplainedMove, len(a.Moves))}
	if a.Cyclic {
		return explainCyclic(g, a, e), nil
	}
	sum, nimbers := a.Value.Grundy()
	if !nimbers { // the outcomes alone decide, with the engine's remoteness
		e.Value = a.Value
		if a.HasRemoteness {
			e.Remoteness = intPtr(a.Remoteness)
		}
		for i, m := range a.Moves {
			e.Moves[i] = ExplainedMove{Choice: Choice{Part: m.Part, Text: m.Text}, Position: g.Format(m.Next), Cells: m.Cells,
				Value: m.Value, Outcome: m.Outcome.String(), Parts: []Part{}, Winning: m.Winning}
			if a.HasRemoteness {
				e.Moves[i].Remoteness = intPtr(m.Remoteness)
			}
		}
		return e, nil
	}
	e.Value = a.Value
	binary := strconv.FormatInt(int64(sum), 2)
	e.NimSumBinary = &binary
	e.Parts = explainedParts(a)
	parts := partsOf(e.Parts)
	if limit <= 0 {
		limit = ExplainLimit
	}
	remoteness, err := remotenesses(ctx, g, pos, limit)
	if err != nil {
		return nil, err
	}
	e.Remoteness = remoteness(pos)
	for i, m := range a.Moves {
		after := make([]Part, 0, len(parts)-1+len(m.Leaves))
		after = append(after, parts[:m.Part]...)
		for k, l := range m.Leaves {
			after = append(after, Part{Position: g.Format(l), Value: m.LeafValues[k]})
		}
		after = append(after, parts[m.Part+1:]...)
		e.Moves[i] = ExplainedMove{Choice: Choice{Part: m.Part, Text: m.Text}, Position: g.Format(m.Next), Cells: m.Cells,
			Value: m.Value, Outcome: m.Outcome.String(), Remoteness: remoteness(m.Next), Parts: after, Winning: m.Winning}
	}
	return e, nil
}

// remotenesses returns the normal-play remoteness of pos and of the
// positions reachable from it, nil for every position when they are more
// than limit.
func remotenesses(ctx context.Context, g game.Game, pos game.Position, limit int) (func(game.Position) *int, error) {
	gr, err := g.Explore(ctx, []game.Position{pos}, limit)
	if _, ok := errors.AsType[*game.ExploreError](err); ok {
		return func(game.Position) *int { return nil }, nil
	}
	if err != nil {
		return nil, err
	}
	inv, err := compound.Compute(ctx, gr)
	if err != nil {
		return nil, err
	}
	return func(p game.Position) *int {
		i, ok := gr.Find(p)
		if !ok {
			return nil
		}
		return intPtr(int(inv.R[i]))
	}, nil
}

func intPtr(v int) *int { return &v }

// explainCyclic fills e from a, the analysis of a position whose play can
// repeat: the parts with their generalised Sprague–Grundy values (each
// part's Options are the finite values its moves leave: a finite value is
// their mex, an infinite one is ∞ of them), the sum's value by Smith's
// theorem, and every move with the value and outcome it leaves. Such a
// position has no remoteness (play can go on for ever) and no binary
// nim-sum (a value may be infinite).
func explainCyclic(g game.Game, a *game.Analysis, e *Explanation) *Explanation {
	e.Value = a.Value
	e.Parts = explainedParts(a)
	parts := partsOf(e.Parts)
	for i, m := range a.Moves {
		after := make([]Part, 0, len(parts)-1+len(m.Leaves))
		after = append(after, parts[:m.Part]...)
		if len(m.LeafValues) == len(m.Leaves) {
			for k, l := range m.Leaves {
				after = append(after, Part{Position: g.Format(l), Value: m.LeafValues[k]})
			}
		} else { // parts left together, valued together
			after = append(after, Part{Position: g.Format(g.Join(m.Leaves...)), Value: m.LeavesValue})
		}
		after = append(after, parts[m.Part+1:]...)
		e.Moves[i] = ExplainedMove{Choice: Choice{Part: m.Part, Text: m.Text}, Position: g.Format(m.Next), Cells: m.Cells,
			Value: m.Value, Outcome: m.Outcome.String(), Parts: after, Winning: m.Winning}
	}
	return e
}

// explainedParts returns each part of a with the finite values its moves
// leave, sorted and once each. A move changes its part alone, so the
// part's option is the value of the sum of the parts the move leaves; the
// moves of one of equal parts only are listed, and the others share its
// options.
func explainedParts(a *game.Analysis) []ExplainedPart {
	options := make([][]int, len(a.Parts))
	for _, m := range a.Moves {
		if x, ok := m.LeavesValue.Grundy(); ok {
			options[m.Part] = append(options[m.Part], x)
		}
	}
	var out []ExplainedPart
	first := map[string]int{}
	for i, p := range a.Parts {
		if j, ok := first[p.Text]; ok && len(options[i]) == 0 {
			options[i] = options[j]
		} else if !ok {
			first[p.Text] = i
		}
		slices.Sort(options[i])
		options[i] = slices.Compact(options[i])
		out = append(out, ExplainedPart{Part: Part{Position: p.Text, Value: p.Value}, Options: slices.Clone(options[i])})
	}
	return out
}

// partsOf returns the parts of explained parts.
func partsOf(es []ExplainedPart) []Part {
	out := make([]Part, len(es))
	for i, p := range es {
		out[i] = p.Part
	}
	return out
}
