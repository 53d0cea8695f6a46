// Package play lets a person play a board game move by move against perfect
// play. Replay checks a start board, plays a list of moves, each checked for
// legality, and analyses the position reached: its outcome, every legal and
// every winning move of the player to move, and (impartial games) its Grundy
// value. EngineMove is then the move of perfect play.
//
// The games, by name:
//
//   - "bacterial-tactics": Bacterial Tactics, board over ".#" ('#' is
//     radioactive). A move places a colony, Move.Colony "H" or "V", on an
//     uninfected empty cell. A colony that would reach a radioactive cell
//     mutates and loses at once; such moves are never good and are refused as
//     illegal, so Legal holds the safe moves only and a player without one
//     loses.
//   - "inventor-outlasting": Inventor Outlasting, board over "X." ('X' is a
//     building spot). A move builds on a free spot.
//   - "caos3": CAOS3, map over "^#". A move turns a live monster's cell into a
//     volcano (the monsters are fixed by the start map).
//   - "boi2008-game": BOI 2008 "Game", an n x n board over ".#AB" (2 <= n <=
//     MaxSideBOI) with one 'A' and one 'B' joined by white squares. A move is
//     the square the mover's piece steps to. A step onto the opponent's piece
//     (not onto his start square, which wins at once) is followed by an extra
//     step of the same player: it is a separate move, and ToMove stays the
//     same until it is played. The game is partizan: Grundy is nil, ToMove
//     and Winner are "A" or "B" (once the game is over, ToMove is the
//     loser). Outcome is "D" when neither player can force a win: the
//     unrestricted game has such positions, but the tests found none that
//     play from a valid start board reaches.
//   - "knights": tokens on a board over ".K", each 'K' a token, moving by a
//     set of steps (moveset.Knight unless ReplayOptions.Steps says
//     otherwise); several tokens are a sum of games and may share a square.
//     A move is the token's square (Row, Col) and its destination (To).
//
// The impartial games are played under normal play: the player who cannot
// move loses. Their positions are sums of independent components (rectangles
// of the start board, or tokens), whose values come from one table computed
// for the start board, so a position is analysed in about the time of solving
// the start board once: a few milliseconds for 15 x 15, up to half a second
// for 40 x 40 boards dense with spots or monsters. BOI 2008 is analysed by
// retrograde analysis of every position of the unrestricted game
// (boi2008.SolvePositions): about a third of a second and 50 MB for an open
// 32 x 32 board. Replay keeps no state between calls and is safe for
// concurrent use.
//
// # Display alphabet
//
// Position.Board is the start board with the played cells overwritten:
//
//   - bacterial-tactics: 'H' and 'V' where a colony was placed, '-' the cells
//     an H colony infected, '|' those a V colony infected; '.' and '#' as in
//     the start board.
//   - inventor-outlasting: 'A' where an attraction was built, '\' the signs
//     on its down-right diagonal (both directions), '/' those on its
//     down-left diagonal; 'X' a free spot, '.' a free cell that is no spot.
//   - caos3: 'O' a volcano, '-' the lava it spread along its row, '|' along
//     its column (walls under lava included); '^' and '#' as in the start
//     map.
//   - boi2008-game: 'A' and 'B' stay on the start squares; 'a' and 'b' are
//     the pieces, shown as the capital when a piece stands on its own start
//     square; '*' is a square holding both pieces (before the extra step, or
//     when the winner's step reaches the opponent standing on his start).
//   - knights: the tokens where they stand now: 'K' one token, '2'..'9'
//     that many, '+' ten or more; '.' no token.
//
// Errors are one line. Board errors are *BoardError ("row 2, column 5:
// character 'x' is not one of \".#\""), illegal moves *MoveError ("move 3
// (row 2, column 5): cell already infected"), an unknown game
// *UnknownGameError; a cancelled context returns the context's error.
package play

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"nimber/games/grid"
	"nimber/games/moveset"
)

// Limits of Replay.
const (
	// MaxSide bounds the rows and the columns of a start board.
	MaxSide = 40
	// MaxSideBOI bounds n for "boi2008-game": an n x n board then has at
	// most boi2008.MaxExhaustiveWhite white squares, whose positions the
	// retrograde analysis solves in about a third of a second and 50 MB.
	MaxSideBOI = 32
	// MaxMoves bounds the number of moves replayed.
	MaxMoves = 10000
)

// Outcomes and players as Position spells them.
const (
	OutcomeN = "N" // the player to move wins with best play
	OutcomeP = "P" // the player to move loses with best play
	OutcomeD = "D" // neither player can force a win (boi2008-game only)

	First  = "first"  // the player who moves first in an impartial game
	Second = "second" // the other player of an impartial game
)

// Cell is a square of a board, 0-based.
type Cell struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Move is one move. Row and Col are the cell played, 0-based: in Bacterial
// Tactics where the colony is placed, in Inventor Outlasting and CAOS3 the
// cell picked, in BOI 2008 the square the mover steps to, in knights the
// square of the token moved. Colony is "H" or "V" in Bacterial Tactics only.
// To is the destination of the token, in knights only.
type Move struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Colony string `json:"colony,omitempty"`
	To     *Cell  `json:"to,omitempty"`
}

// String returns the move 1-based, as errors name it: "row 2, column 5",
// followed by " H" for a colony or " to row 4, column 3" for a token.
func (m Move) String() string {
	s := cellName(m.Row, m.Col)
	if m.Colony != "" {
		s += " " + m.Colony
	}
	if m.To != nil {
		s += " to " + cellName(m.To.Row, m.To.Col)
	}
	return s
}

// clone returns a copy of m that shares no memory with it.
func (m Move) clone() Move {
	if m.To != nil {
		to := *m.To
		m.To = &to
	}
	return m
}

// Position is the state reached from a start board by Moves, with its
// analysis for the player to move.
type Position struct {
	// Game is the game's name, one of Games().
	Game string `json:"game"`
	// Board is the display board: the start board's rows with the played
	// cells overwritten (see the package documentation for the alphabet).
	Board []string `json:"board"`
	// Moves are the moves played, never nil.
	Moves []Move `json:"moves"`
	// ToMove is the player to move: First or Second, in BOI 2008 "A" or "B".
	ToMove string `json:"to_move"`
	// Over reports that the game has ended; Winner then names the winner.
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	// Grundy is the Sprague–Grundy value of the position, impartial games
	// only.
	Grundy *int `json:"grundy,omitempty"`
	// Outcome is OutcomeN when the player to move wins with best play,
	// OutcomeP when he loses, OutcomeD (BOI 2008 only) when neither player
	// can force a win.
	Outcome string `json:"outcome"`
	// Winning lists every winning move of the player to move, never nil: in
	// the order of Legal, except in BOI 2008, where the quickest wins come
	// first (see EngineMove).
	Winning []Move `json:"winning_moves"`
	// Drawing lists, when Outcome is OutcomeD, the moves that keep the draw,
	// in the order of Legal (BOI 2008 only).
	Drawing []Move `json:"drawing_moves,omitempty"`
	// Legal lists every legal move of the player to move, never nil: in
	// row-major order of the cell played (Bacterial Tactics: H before V in a
	// cell; knights: by the token's square, then in the order of the steps).
	Legal []Move `json:"legal_moves"`
}

// EngineMove returns the move of perfect play: the first winning move if any,
// else the first move that keeps a draw, else the first legal move. ok is
// false when the game is over.
//
// In the impartial games every move brings the end nearer, and the first
// winning move is the first in the order of Legal. BOI 2008 has cycles, so a
// winning move that does not bring the win nearer could let the game go on
// forever: its Winning list starts with the moves that win the soonest
// (boi2008.Positions.Remoteness), so that EngineMove wins within the
// remoteness of the position (a step and its extra step counted as one).
func (p *Position) EngineMove() (m Move, ok bool) {
	if p.Over {
		return Move{}, false
	}
	for _, list := range [][]Move{p.Winning, p.Drawing, p.Legal} {
		if len(list) > 0 {
			return list[0].clone(), true
		}
	}
	return Move{}, false
}

// ReplayOptions are the options of ReplayWithOptions.
type ReplayOptions struct {
	// Steps are the steps of the tokens in "knights"; nil means
	// moveset.Knight. They must make a finite game on the board
	// (moveset.NewBoard checks them). The other games ignore them.
	Steps []moveset.Step
}

// Games returns the names of the games, sorted.
func Games() []string {
	names := make([]string, 0, len(games))
	for name := range games {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Replay checks the start board of game (its rows, in the alphabet of the
// official input; knights: '.' and 'K'), plays moves, each checked for
// legality, and analyses the position reached. It is ReplayWithOptions with
// the default options.
func Replay(ctx context.Context, game string, board []string, moves []Move) (*Position, error) {
	return ReplayWithOptions(ctx, game, board, moves, ReplayOptions{})
}

// ReplayWithOptions is Replay with options. It returns an *UnknownGameError
// for a name not in Games, a *BoardError for a malformed board or one larger
// than MaxSide (MaxSideBOI) per side, a *MoveError for the first illegal
// move, and ctx's error once ctx is done. More than MaxMoves moves, and a
// knights step set that moveset.NewBoard refuses for the board, are plain
// one-line errors.
func ReplayWithOptions(ctx context.Context, game string, board []string, moves []Move, opts ReplayOptions) (*Position, error) {
	p, _, err := replay(ctx, game, board, moves, opts)
	return p, err
}

// ReplayAndReply is ReplayWithOptions followed by the engine's move
// (EngineMove) when the game is not over: it returns the position after
// that move, and the move (nil when the game was over). The start board is
// analysed once for both positions.
func ReplayAndReply(ctx context.Context, game string, board []string, moves []Move, opts ReplayOptions) (*Position, *Move, error) {
	p, st, err := replay(ctx, game, board, moves, opts)
	if err != nil {
		return nil, nil, err
	}
	m, ok := p.EngineMove()
	if !ok {
		return p, nil, nil
	}
	if err := st.play(m); err != nil {
		return nil, nil, fmt.Errorf("the engine's move %d (%v): %v", len(moves)+1, m, err)
	}
	next, err := analyse(ctx, st, game, append(slices.Clip(moves), m))
	if err != nil {
		return nil, nil, err
	}
	return next, &m, nil
}

// replay is ReplayWithOptions, also returning the state reached.
func replay(ctx context.Context, game string, board []string, moves []Move, opts ReplayOptions) (*Position, state, error) {
	spec, ok := games[game]
	if !ok {
		return nil, nil, &UnknownGameError{Name: game}
	}
	if len(moves) > MaxMoves {
		return nil, nil, fmt.Errorf("%d moves, limit %d", len(moves), MaxMoves)
	}
	g, err := parseBoard(board, spec.alphabet, spec.maxSide)
	if err != nil {
		return nil, nil, err
	}
	st, err := spec.start(ctx, g, opts)
	if err != nil {
		return nil, nil, err
	}
	for k, m := range moves {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		err := checkMove(m, g, spec.moveKind)
		if err == nil {
			err = st.play(m)
		}
		if err != nil {
			return nil, nil, &MoveError{Number: k + 1, Move: m.clone(), Msg: err.Error()}
		}
	}
	p, err := analyse(ctx, st, game, moves)
	return p, st, err
}

// analyse returns the position of st, reached by moves.
func analyse(ctx context.Context, st state, game string, moves []Move) (*Position, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := &Position{Game: game, Moves: make([]Move, len(moves)), Winning: []Move{}, Legal: []Move{}}
	for i, m := range moves {
		p.Moves[i] = m.clone()
	}
	if err := st.analyse(p); err != nil {
		return nil, err
	}
	return p, nil
}

// state is a game in progress.
type state interface {
	// play plays m, whose cell is on the board and whose fields suit the
	// game; it returns why m is illegal without changing the state.
	play(m Move) error
	// analyse fills in p every field but Game and Moves.
	analyse(p *Position) error
}

// moveKind says which optional fields a game's moves use.
type moveKind int

const (
	plainMove  moveKind = iota // Row and Col only
	colonyMove                 // and Colony
	tokenMove                  // and To
)

// gameSpec describes one game to Replay.
type gameSpec struct {
	alphabet string
	maxSide  int
	moveKind moveKind
	start    func(ctx context.Context, g grid.Grid, opts ReplayOptions) (state, error)
}

var games = map[string]gameSpec{
	"bacterial-tactics":   {".#", MaxSide, colonyMove, startBacterial},
	"inventor-outlasting": {"X.", MaxSide, plainMove, startInventor},
	"caos3":               {"^#", MaxSide, plainMove, startCAOS3},
	"boi2008-game":        {".#AB", MaxSideBOI, plainMove, startBOI},
	"knights":             {".K", MaxSide, tokenMove, startKnights},
}

// checkMove checks what every game checks: the cell is on the board and the
// optional fields are those of the game.
func checkMove(m Move, g grid.Grid, kind moveKind) error {
	if !onBoard(g, m.Row, m.Col) {
		return fmt.Errorf("not on the %d x %d board", g.Rows, g.Cols)
	}
	switch {
	case kind == colonyMove && m.Colony != "H" && m.Colony != "V":
		return fmt.Errorf(`colony must be "H" or "V", got %q`, clip(m.Colony))
	case kind != colonyMove && m.Colony != "":
		return fmt.Errorf("a colony is only for bacterial-tactics")
	case kind == tokenMove && m.To == nil:
		return fmt.Errorf("missing the destination (to) of the token")
	case kind == tokenMove && !onBoard(g, m.To.Row, m.To.Col):
		return fmt.Errorf("destination %s is not on the %d x %d board", cellName(m.To.Row, m.To.Col), g.Rows, g.Cols)
	case kind != tokenMove && m.To != nil:
		return fmt.Errorf("a destination (to) is only for knights")
	}
	return nil
}

func onBoard(g grid.Grid, r, c int) bool { return r >= 0 && r < g.Rows && c >= 0 && c < g.Cols }

// parseBoard checks the rows of a start board: 1..maxSide rows of the same
// length 1..maxSide over alphabet.
func parseBoard(rows []string, alphabet string, maxSide int) (grid.Grid, error) {
	if len(rows) == 0 {
		return grid.Grid{}, &BoardError{Row: -1, Col: -1, Msg: "empty board: no rows"}
	}
	if len(rows) > maxSide {
		return grid.Grid{}, &BoardError{Row: -1, Col: -1, Msg: fmt.Sprintf("board has %d rows, limit %d", len(rows), maxSide)}
	}
	cols := len(rows[0])
	for r, row := range rows {
		for c := 0; c < len(row) && c < maxSide; c++ {
			if strings.IndexByte(alphabet, row[c]) < 0 {
				ch, _ := utf8.DecodeRuneInString(row[c:])
				return grid.Grid{}, &BoardError{Row: r, Col: c, Msg: fmt.Sprintf("character %q is not one of %q", ch, alphabet)}
			}
		}
		switch {
		case len(row) == 0:
			return grid.Grid{}, &BoardError{Row: r, Col: -1, Msg: "empty row"}
		case len(row) > maxSide:
			return grid.Grid{}, &BoardError{Row: r, Col: -1, Msg: fmt.Sprintf("row has %d cells, limit %d", len(row), maxSide)}
		case len(row) != cols:
			return grid.Grid{}, &BoardError{Row: r, Col: -1, Msg: fmt.Sprintf("row has %d cells, row 1 has %d", len(row), cols)}
		}
	}
	g := grid.Grid{Rows: len(rows), Cols: cols, Cells: make([]byte, 0, len(rows)*cols)}
	for _, row := range rows {
		g.Cells = append(g.Cells, row...)
	}
	return g, nil
}

// BoardError is a problem with a start board: at Row and Col (0-based), in
// the whole row when Col is negative, in the whole board when Row is
// negative.
type BoardError struct {
	Row, Col int
	Msg      string
}

// Error returns "row 2, column 5: msg", "row 2: msg" or "msg", 1-based.
func (e *BoardError) Error() string {
	switch {
	case e.Row < 0:
		return e.Msg
	case e.Col < 0:
		return fmt.Sprintf("row %d: %s", e.Row+1, e.Msg)
	}
	return cellName(e.Row, e.Col) + ": " + e.Msg
}

// MoveError is an illegal move: the Number-th move (1-based) of the list,
// and why.
type MoveError struct {
	Number int
	Move   Move
	Msg    string
}

// Error returns "move 3 (row 2, column 5): msg", 1-based.
func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.Number, cellName(e.Move.Row, e.Move.Col), e.Msg)
}

// UnknownGameError is the name of a game that is not in Games.
type UnknownGameError struct{ Name string }

// Error returns `unknown game "x" (one of bacterial-tactics, ...)`.
func (e *UnknownGameError) Error() string {
	return fmt.Sprintf("unknown game %q (one of %s)", clip(e.Name), strings.Join(Games(), ", "))
}

// cellName names a cell 1-based: "row 2, column 5".
func cellName(r, c int) string { return "row " + oneBased(r) + ", column " + oneBased(c) }

// oneBased writes i+1 without overflow.
func oneBased(i int) string {
	if i >= 0 {
		return strconv.FormatUint(uint64(i)+1, 10)
	}
	return strconv.Itoa(i + 1)
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "..."
	}
	return s
}

// otherPlayer returns the impartial player who is not p.
func otherPlayer(p string) string {
	if p == First {
		return Second
	}
	return First
}

// impartialPlayer returns the player to move after n moves.
func impartialPlayer(n int) string {
	if n%2 == 0 {
		return First
	}
	return Second
}

// fillImpartial completes p for an impartial game from the value of the
// position and its options: each legal move with the value it leaves. It
// returns nil, for the analyse methods to return.
func fillImpartial(p *Position, value int, options func(yield func(m Move, after int))) error {
	p.Grundy = &value
	p.ToMove = impartialPlayer(len(p.Moves))
	options(func(m Move, after int) {
		p.Legal = append(p.Legal, m)
		if after == 0 {
			p.Winning = append(p.Winning, m)
		}
	})
	p.Outcome = OutcomeP
	if value != 0 {
		p.Outcome = OutcomeN
	}
	if len(p.Legal) == 0 {
		p.Over, p.Winner = true, otherPlayer(p.ToMove)
	}
	return nil
}

// displayRows returns the display rows of cells, cols per row.
func displayRows(cells []byte, cols int) []string {
	out := make([]string, 0, len(cells)/cols)
	for i := 0; i < len(cells); i += cols {
		out = append(out, string(cells[i:i+cols]))
	}
	return out
}
