package game

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"nimber/sg"
)

// Game is a game with its types hidden: what the registry holds and what
// the front ends, play, compounds and tables use. Of makes one from Rules,
// and only Of: a type may embed a Game, but not implement one of its own.
// Positions are opaque values of the game that made them.
type Game interface {
	// Parse reads a position in the game's position format and checks that
	// it may be solved (Rules.Check).
	Parse(text string) (Position, error)
	// Format writes pos as Parse reads it; Name writes it on one short line
	// ("0" for the empty game, by default).
	Format(pos Position) string
	Name(pos Position) string
	// Join returns the sum of positions: all their parts, side by side.
	Join(ps ...Position) Position
	// Parts returns the parts of pos, each as a position of its own.
	Parts(pos Position) []Position
	// DescribePart says part i of pos in people's terms, e.g. "5 tokens"
	// (and that there is no such part, for i out of range).
	DescribePart(pos Position, i int) string
	// Moves returns every move of pos. Parts equal to an earlier part are
	// skipped: their moves lead to the same positions.
	Moves(pos Position) ([]Move, error)
	// Play returns the position after the move of part part described by
	// text (Move.Text), or an error naming the legal moves' count.
	Play(pos Position, part int, text string) (Position, Move, error)
	// Analyze solves pos: its value or outcome, its parts' values, and every
	// move with the value it leaves.
	Analyze(ctx context.Context, pos Position, o Options) (*Analysis, error)
	// Explore builds the explicit graph of every position reachable from
	// starts, for the compounds and tables; it fails beyond limit
	// positions.
	Explore(ctx context.Context, starts []Position, limit int) (*Graph, error)
	// Info says what the game supports.
	Info() Info
	// Rules returns the game's Rules value, for capabilities that the
	// erased interface does not carry (a heap game's sequence engine).
	Rules() any

	// self returns the Game that Of made, beneath any type that embeds
	// it, for the accessors of capabilities (HeapsOf, SquaresOf).
	self() Game
}

// HeapGame is a Game with heaps numbered by size, which have a
// nim-sequence; HeapsOf finds it.
type HeapGame interface {
	Game
	// Heap returns the position of a heap of n.
	Heap(n int) (Position, error)
	// Sequence returns the nim-sequence G(0..to-1): by the game's Sequencer
	// when it has one, else heap by heap with the generic solver.
	Sequence(ctx context.Context, to int) ([]int, error)
}

// HeapsOf returns g as a game with heaps; ok is false when g has none
// (Info().Heaps).
func HeapsOf(g Game) (h HeapGame, ok bool) {
	if !g.Info().Heaps {
		return nil, false
	}
	h, ok = g.self().(HeapGame)
	return h, ok
}

// SquareGame is a Game whose parts are squares of a board (a token on a
// board), so that a table prints one value a square; SquaresOf finds it.
type SquareGame interface {
	Game
	// Squares returns every one-part position that stands on the board of
	// pos, in the board's rows; it fails with an *ExploreError, before
	// building any, when they are more than limit (DefaultExploreLimit when
	// zero or less).
	Squares(pos Position, limit int) ([][]Position, error)
}

// SquaresOf returns g as a game whose parts are squares; ok is false when
// they are not.
func SquaresOf(g Game) (s SquareGame, ok bool) {
	if t, typed := g.self().(interface{ layout() bool }); !typed || !t.layout() {
		return nil, false
	}
	s, ok = g.self().(SquareGame)
	return s, ok
}

// Info says what a game supports, from the capabilities of its rules.
type Info struct {
	// Kind says what the game's positions are worth: Grundy values
	// (Impartial), or outcomes with draws (Loopy).
	Kind Kind `json:"kind"`
	// Heaps: the game has heap positions and nim-sequences (HeapsOf).
	Heaps bool `json:"heaps"`
	// Legend: the game's positions are boards, with these characters; nil
	// for games whose positions are not boards.
	Legend []Symbol `json:"legend,omitempty"`
	// Players names the player to move at the start, then the other.
	Players [2]string `json:"players"`
	// Noun is what a part is called, e.g. "heap" ("part" by default).
	Noun string `json:"noun"`
	// Accelerated: the game has a faster solver than the generic one.
	Accelerated bool `json:"accelerated"`
	// Repeats: a game whose positions repeat (Repeater). An impartial one
	// is valued by generalised Sprague–Grundy values; it has no
	// nim-sequence and none of the compounds' invariants but the
	// disjunctive sum. A partizan one is valued as a loopy game (package
	// loopy, through PartizanGame.Graph), not by canonical forms.
	Repeats bool `json:"repeats,omitempty"`
}

// MarshalJSON writes the fields of Info and, for the clients written before
// Kind, "loopy": whether Kind is Loopy.
func (i Info) MarshalJSON() ([]byte, error) {
	type fields Info // without this method
	return json.Marshal(struct {
		fields
		Loopy bool `json:"loopy"`
	}{fields(i), i.Kind == Loopy})
}

// Position is a position of one Game, opaque to everything but that game.
// The zero Position belongs to no game.
type Position struct{ sum any }

// IsZero reports whether p is the zero Position.
func (p Position) IsZero() bool { return p.sum == nil }

// Move is one move of a position, as Game.Moves lists it.
type Move struct {
	// Part is the index of the part it is made in.
	Part int
	// Text says the move in people's terms, within its part.
	Text string
	// Leaves are the parts it leaves in place of its part.
	Leaves []Position
	// Next is the whole position after it.
	Next Position
	// Cells are the cells it is made on, for board games.
	Cells []Cell
}

// Of returns the game of rules r.
func Of[P comparable, M any](r Rules[P, M]) Game {
	g := &typed[P, M]{r: r, positions: positions[P]{format: r.Format, rules: r}}
	g.info.Players = [2]string{"first", "second"}
	g.info.Noun = "part"
	if k, ok := r.(Kinded); ok {
		g.info.Kind = k.Kind()
	}
	if _, ok := r.(Heaps[P]); ok {
		g.info.Heaps = true
	}
	if p, ok := r.(Players); ok {
		g.info.Players = p.Players()
	}
	describeRules[P](&g.info, r)
	_, g.info.Accelerated = r.(Accelerator[P])
	if _, ok := r.(Outcomer[P]); ok {
		g.info.Accelerated = true
	}
	return g
}

// describeRules fills in what info says of impartial and partizan games
// alike from the capabilities of their rules r: the board's legend, what
// a part is called (when r says), and whether positions repeat.
func describeRules[P comparable](info *Info, r any) {
	if b, ok := r.(Board); ok {
		info.Legend = b.Legend()
	}
	if d, ok := r.(PartDescriber[P]); ok {
		info.Noun = d.PartNoun()
	}
	if rp, ok := r.(Repeater); ok {
		info.Repeats = rp.Repeats()
	}
}

// OfParsed returns the game of rules r, or err when it is not nil: the
// Parse of a family of games over the parser of its rules,
// game.OfParsed(ParseRules(name)).
func OfParsed[P comparable, M any](r Rules[P, M], err error) (Game, error) {
	if err != nil {
		return nil, err
	}
	return Of(r), nil
}

// typed is the Game of Rules[P, M].
type typed[P comparable, M any] struct {
	positions[P]
	r Rules[P, M]
}

func (g *typed[P, M]) Rules() any { return g.r }
func (g *typed[P, M]) self() Game { return g }

// bind returns the rules to use under ctx, and the check of their failure
// (Contextual); games whose moves cannot fail get their rules and nil.
func (g *typed[P, M]) bind(ctx context.Context) (Rules[P, M], func() error) {
	if c, ok := g.r.(Contextual[P, M]); ok {
		return c.Bind(ctx)
	}
	return g.r, noFailure
}

func noFailure() error { return nil }

func (g *typed[P, M]) Parse(text string) (Position, error) {
	s, err := g.r.Parse(text)
	if err != nil {
		return Position{}, err
	}
	if g.info.Kind == Loopy && len(s.Parts) != 1 {
		return Position{}, fmt.Errorf("a position of this game is one part, got %d", len(s.Parts))
	}
	if err := g.r.Check(s); err != nil {
		return Position{}, err
	}
	return g.wrap(s), nil
}

// layout reports whether the game's parts are squares (SquaresOf).
func (g *typed[P, M]) layout() bool {
	_, ok := g.r.(Layout[P])
	return ok
}

func (g *typed[P, M]) Heap(n int) (Position, error) {
	h, ok := g.r.(Heaps[P])
	if !ok {
		return Position{}, fmt.Errorf("this game has no heaps")
	}
	p, err := h.Heap(n)
	if err != nil {
		return Position{}, err
	}
	return g.wrap(Sum[P]{Parts: []P{p}}), nil
}

func (g *typed[P, M]) Sequence(ctx context.Context, to int) ([]int, error) {
	h, ok := g.r.(Heaps[P])
	if !ok {
		return nil, fmt.Errorf("this game has no heaps, so no nim-sequence")
	}
	if to < 0 {
		return nil, fmt.Errorf("a nim-sequence of %d values: want 0 or more", to)
	}
	if sq, ok := g.r.(Sequencer); ok {
		return sq.Sequence(ctx, to)
	}
	r, failed := g.bind(ctx)
	solver := sg.NewSolver[P, M](r, sg.NewMapMemo[P]())
	values := make([]int, to)
	for n := range to {
		p, err := h.Heap(n)
		if err != nil {
			return nil, err
		}
		v, err := solver.Grundy(ctx, p)
		if ferr := failed(); ferr != nil {
			return nil, ferr
		}
		if err != nil {
			return nil, g.solveError(Sum[P]{}, err)
		}
		values[n] = v
	}
	return values, nil
}

func (g *typed[P, M]) Squares(pos Position, limit int) ([][]Position, error) {
	l, ok := g.r.(Layout[P])
	if !ok {
		return nil, fmt.Errorf("this game's positions are not squares of a board")
	}
	if limit <= 0 {
		limit = DefaultExploreLimit
	}
	frame := g.sum(pos).Frame
	if ix, ok := g.r.(Indexed[P]); ok {
		in, err := ix.Index(frame)
		if err != nil {
			return nil, err
		}
		if in.Len() > limit {
			return nil, &ExploreError{Limit: limit}
		}
	}
	var rows [][]Position
	for _, row := range l.Squares(frame) {
		out := make([]Position, len(row))
		for i, p := range row {
			out[i] = g.wrap(Sum[P]{Parts: []P{p}, Frame: frame})
		}
		rows = append(rows, out)
	}
	return rows, nil
}

// replace returns the parts of s with part i replaced by leaves.
func replace[P comparable](s Sum[P], i int, leaves []P) Sum[P] {
	parts := make([]P, 0, len(s.Parts)-1+len(leaves))
	parts = append(parts, s.Parts[:i]...)
	parts = append(parts, leaves...)
	parts = append(parts, s.Parts[i+1:]...)
	return Sum[P]{Parts: parts, Frame: s.Frame}
}

// moves calls f for every move of s by the rules r, skipping parts equal
// to an earlier part; leaves is valid during the call only.
func moves[P comparable, M any](r Rules[P, M], s Sum[P], f func(i int, m M, leaves []P)) {
	for i, p := range s.Parts {
		if slices.Contains(s.Parts[:i], p) {
			continue
		}
		for m, leaves := range r.Moves(p) {
			f(i, m, leaves)
		}
	}
}

// move builds the Move of part i of s.
func (g *typed[P, M]) move(s Sum[P], i int, m M, leaves []P) Move {
	mv := Move{Part: i, Text: g.r.Describe(s.Parts[i], m), Next: g.wrap(replace(s, i, leaves))}
	for _, l := range leaves {
		mv.Leaves = append(mv.Leaves, g.wrap(Sum[P]{Parts: []P{l}, Frame: s.Frame}))
	}
	if c, ok := g.r.(MoveCells[P, M]); ok {
		mv.Cells = c.Cells(s.Parts[i], m)
	}
	return mv
}

func (g *typed[P, M]) Moves(pos Position) ([]Move, error) {
	s := g.sum(pos)
	r, failed := g.bind(context.Background())
	var out []Move
	moves(r, s, func(i int, m M, leaves []P) { out = append(out, g.move(s, i, m, leaves)) })
	if err := failed(); err != nil {
		return nil, err
	}
	return out, nil
}

func (g *typed[P, M]) Play(pos Position, part int, text string) (Position, Move, error) {
	s := g.sum(pos)
	if part < 0 || part >= len(s.Parts) {
		return Position{}, Move{}, fmt.Errorf("no %s %d: the position has %d", g.info.Noun, part+1, len(s.Parts))
	}
	p := s.Parts[part]
	r, failed := g.bind(context.Background())
	count := 0
	for m, leaves := range r.Moves(p) {
		count++
		if g.r.Describe(p, m) == text {
			mv := g.move(s, part, m, leaves)
			return mv.Next, mv, failed()
		}
	}
	if err := failed(); err != nil {
		return Position{}, Move{}, err
	}
	if count == 0 {
		return Position{}, Move{}, fmt.Errorf("%s %d has no move left", g.info.Noun, part+1)
	}
	return Position{}, Move{}, fmt.Errorf("%q is not one of the %d moves of %s %d", clip(text), count, g.info.Noun, part+1)
}

// clip shortens s for an error message of this package.
func clip(s string) string { return Clip(s, 60) }

// Clip shortens s to its first most bytes and "..." when it is longer,
// for an error message that quotes what it refuses.
func Clip(s string, most int) string {
	if len(s) > most {
		return s[:most] + "..."
	}
	return s
}
