package game

import (
	"context"

	"nimber/sg"
)

// Sum is a position of a game: independent parts played side by side (a
// move is made in exactly one of them), and the frame they stand in.
//
// Frame is a value of the part type that carries what the parts stand in
// and what a position with no part left still shows: the board of a board
// game, whose parts are its rectangles or tokens. Games whose parts carry
// everything (heaps, user rules) leave it zero.
type Sum[P comparable] struct {
	Parts []P
	Frame P
}

// Rules is what a game says about itself, written once in its own file: P
// is a part (a position that a move replaces by the parts it leaves), M a
// move of a part. Every solver, play, analysis, compound, table and the web
// work through it.
//
// Moves (sg.Mover) yields every move of a part once, with the independent
// parts it leaves (none when it leaves nothing); the move and the parts are
// valid until the next step of the iteration. Together the moves must make
// a finite acyclic game, unless the game is Loopy.
type Rules[P comparable, M any] interface {
	sg.Mover[P, M]
	// Parse reads a position written in the game's position format. It
	// checks the syntax and the rules; Check says whether it is too large
	// to solve.
	Parse(text string) (Sum[P], error)
	// Format writes a position as Parse reads it.
	Format(s Sum[P]) string
	// Describe says move m of part p in people's terms, e.g. "take 2,
	// leaving heaps 3 and 4" or "H colony on row 3, columns 2-6".
	Describe(p P, m M) string
	// Check refuses a position that is too large to solve, with a one-line
	// error that names the limit (a *LimitError where a number is over
	// one); nil when it may be solved.
	Check(s Sum[P]) error
}

// The optional capabilities below are small interfaces a game's rules may
// also implement; the erased Game asks for them by type assertion.

// Valuer gives the Grundy value of parts. The generic solver sg.Solver is
// one; an Accelerator returns faster ones.
type Valuer[P comparable] interface {
	Grundy(ctx context.Context, p P) (int, error)
}

// Accelerator is implemented by games with a faster solver than the
// generic one, such as the dense tables of the board games or the sparse
// nim-sequence engine of heap games. Accelerate prepares the values of
// every part reachable from s; the Valuer it returns must agree with the
// generic solver, which the shared tests check for every game.
type Accelerator[P comparable] interface {
	Accelerate(ctx context.Context, s Sum[P]) (Valuer[P], error)
}

// Outcomer is implemented by loopy games with a faster solver than the
// generic retrograde analysis of every reachable position. Outcomes
// prepares the outcome and remoteness of every position reachable from s.
type Outcomer[P comparable] interface {
	Outcomes(ctx context.Context, s Sum[P]) (func(p P) (sg.Outcome, int, error), error)
}

// Contextual is implemented by games whose moves come from code that can
// fail or run long, such as a user's rules file. Bind returns the rules to
// use under ctx (their Moves stop early once ctx is done or their code
// fails) and a function that reports the first failure, which the caller
// checks once its work is done: a failure makes the results void.
type Contextual[P comparable, M any] interface {
	Bind(ctx context.Context) (Rules[P, M], func() error)
}

// Sequencer is implemented by games with heaps that compute their
// nim-sequence G(0..to-1) faster than heap by heap.
type Sequencer interface {
	Sequence(ctx context.Context, to int) ([]int, error)
}

// Sizer is implemented by games whose fast solver needs memory that grows
// with the position: Memory estimates the bytes Analyze needs for s, so that
// a position too large is refused before anything is allocated.
type Sizer[P comparable] interface {
	Memory(s Sum[P]) int64
}

// Memoizer is implemented by games whose parts have a dense numbering: the
// generic solver then keeps its values in the flat memo Memo returns, for
// the parts reachable from s, instead of a hash map.
type Memoizer[P comparable] interface {
	Memo(s Sum[P]) sg.Memo[P]
}

// Heaps is implemented by games whose parts include heaps numbered by size
// (take-and-break games, Nim, rules files whose positions are integers):
// they have nim-sequences G(0), G(1), ...
type Heaps[P comparable] interface {
	Heap(n int) (P, error)
}

// Board is implemented by games whose positions are drawn as boards:
// Format writes one row of cells per line, one character per cell, then
// optionally a blank line and a caption (such as who is to move), and
// Legend says what each character means.
type Board interface {
	Legend() []Symbol
}

// Symbol is a character of a board game's position format.
type Symbol struct {
	Char    string `json:"char"`
	Meaning string `json:"meaning"`
	// Start reports a character of start positions, which a board editor
	// offers; the others only appear once moves have been played.
	Start bool `json:"start"`
}

// StartSymbols returns the legend of characters that all appear in start
// positions: the i-th character of chars with the i-th meaning.
func StartSymbols(chars string, meanings ...string) []Symbol {
	out := make([]Symbol, len(meanings))
	for i, m := range meanings {
		out[i] = Symbol{Char: chars[i : i+1], Meaning: m, Start: true}
	}
	return out
}

// Cell is a square of a board, 0-based.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// MoveCells is implemented by board games: the cells a move is made on, in
// the order a player points at them (a token's square, then where it
// goes; the cells of a line that a colony infects).
type MoveCells[P comparable, M any] interface {
	Cells(p P, m M) []Cell
}

// HandMover is implemented by partizan board games whose moves a player
// makes by pointing at cells: HandMoves lists side's moves of a part,
// given as its text (a part of the position as the game's Name writes it),
// each as the cells pointed at and the part's text after the move, which
// the game's Parse reads. A part the game does not read has none.
type HandMover interface {
	HandMoves(part string, side Side) []HandMove
}

// HandMove is a move of a partizan board game as a player makes it by
// hand (HandMover).
type HandMove struct {
	// Cells are the cells pointed at, in order: a stone then where it goes
	// (Clobber, Konane, Toads and Frogs), an amazon, where it goes and
	// where its arrow lands (Amazons), a domino's two squares
	// (Domineering), the square coloured (Col, Snort), the edge cut
	// (Hackenbush: row = its height from the ground, 0 at the bottom,
	// col 0), the cells just before a cut (Cutcake), a goose or the fox
	// then where it goes, or the escaped fox alone for its pass (Fox and
	// Geese: square R,C of the text is row R-1, col C-1, row 0 at the
	// bottom).
	Cells []Cell
	// Cut is Cutcake's: "vertical" (the cut runs along the right side of
	// the cells, a column) or "horizontal" (along their bottom, a row);
	// empty for the other games.
	Cut string
	// After is the part's text after the move, as Parse reads it: blank
	// when the move leaves nothing of the part.
	After string
}

// Players is implemented by games that name their two players (by default
// "first", the player to move at the start, and "second").
type Players interface {
	Players() [2]string
}

// Namer is implemented by games with a short one-line name for positions,
// as compounds and tables print them, e.g. "5+3" or "(3,3)". By default a
// position's name is its Format with line breaks written as "/".
type Namer[P comparable] interface {
	Name(s Sum[P]) string
}

// PartDescriber is implemented by games with words for their parts: the
// noun ("heap") and the description of one ("5 tokens"). By default parts
// are "part"s described by their Format.
type PartDescriber[P comparable] interface {
	PartNoun() string
	DescribePart(p P) string
}

// Indexed is implemented by games whose parts are the positions of an
// explicit graph known in advance, such as a token on a board: Index
// returns that graph for the parts that stand in frame, so that compounds
// and tables need not explore it position by position.
type Indexed[P comparable] interface {
	Index(frame P) (Indexing[P], error)
}

// Layout is implemented by games whose parts are squares of a board, such
// as a token: Squares returns every part that can stand in frame, in the
// rows of the board, so that a table prints one value a square.
type Layout[P comparable] interface {
	Squares(frame P) [][]P
}

// Indexing numbers the parts of an Indexed game 0..Len()-1 and lists the
// options of each: the part that each move leaves (such a game's moves
// leave exactly one part).
type Indexing[P comparable] interface {
	Len() int
	Options(i int, yield func(j int))
	Index(p P) (int, bool)
	Part(i int) P
}
