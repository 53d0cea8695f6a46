package moveset

import (
	"context"
	"fmt"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"nimber/compound"
	"nimber/game"
	"nimber/games/rect"
	"nimber/sg"
)

// Tokens on a board through the game API: every token moves by the same
// steps, and several tokens are a sum of games (they may share a square). A
// position is the board as rows of squares ('.' empty, 'K' a token, '2' to
// '9' that many tokens), or, for large boards and crowded squares, written
// "RxC r,c r,c ..." with the tokens' squares 1-based (each square once per
// token). The parts are the tokens.

// Limits of a position.
const (
	// MaxTokens bounds the tokens of a position.
	MaxTokens = 1 << 16
	// maxPicture bounds the sides of a board written as a picture; larger
	// boards are written "RxC r,c ...".
	maxPicture = 100
)

// token is a part: a token on a square (row-major) of a board; the frame of
// a position is a token on square -1.
type token struct {
	b  *Board
	sq int32
}

// rules is the token game of one step set as game.Rules[token, int32]: a
// move is the square the token goes to.
type rules struct {
	steps []Step
}

// The capabilities of rules.
var (
	_ rect.Capabilities[token, int32] = rules{}
	_ game.Namer[token]               = rules{}
	_ game.Indexed[token]             = rules{}
	_ game.Layout[token]              = rules{}
)

// Game returns the game of tokens moving by steps (Knight when nil).
func Game(steps []Step) game.Game {
	if steps == nil {
		steps = Knight
	}
	return game.Of(rules{steps: steps})
}

// ParseName reads the name of a token game: "knights" (the seed's knight
// steps) or "knights:STEPS" with STEPS as ParseSteps reads them, e.g.
// "knights:1,-2;-2,1".
func ParseName(name string) (game.Game, error) {
	rest, ok := strings.CutPrefix(name, "knights")
	switch {
	case !ok:
		return nil, fmt.Errorf("%q is not a token game: want knights or knights:STEPS", clip(name))
	case rest == "":
		return Game(nil), nil
	case rest[0] != ':':
		return nil, fmt.Errorf("%q is not a token game: want knights or knights:STEPS", clip(name))
	}
	steps, err := ParseSteps(rest[1:])
	if err != nil {
		return nil, fmt.Errorf("knights steps: %w", err)
	}
	return Game(steps), nil
}

// compactForm is the start of a position written "RxC ...".
var compactForm = regexp.MustCompile(`^(\d+)x(\d+)$`)

func (r rules) Parse(text string) (game.Sum[token], error) {
	fields := strings.Fields(text)
	if len(fields) > 0 {
		if m := compactForm.FindStringSubmatch(strings.ToLower(fields[0])); m != nil {
			return r.parseCompact(m[1], m[2], fields[1:])
		}
	}
	var rows []string
	for line := range strings.Lines(text) {
		if row := strings.TrimSpace(line); row != "" {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return game.Sum[token]{}, fmt.Errorf(`empty position: want rows of '.' and 'K', or "RxC r,c ..."`)
	}
	if len(rows) > MaxSide || len(rows[0]) > MaxSide {
		return game.Sum[token]{}, fmt.Errorf("board of %d rows of %d squares, limit %d x %d", len(rows), len(rows[0]), MaxSide, MaxSide)
	}
	b, err := NewBoard(len(rows), len(rows[0]), r.steps)
	if err != nil {
		return game.Sum[token]{}, err
	}
	s := game.Sum[token]{Frame: token{b: b, sq: -1}}
	for i, row := range rows {
		if len(row) != b.Cols {
			return game.Sum[token]{}, fmt.Errorf("row %d has %d squares, row 1 has %d", i+1, len(row), b.Cols)
		}
		for j := range len(row) {
			n := 0
			switch ch := row[j]; {
			case ch == '.':
			case ch == 'K':
				n = 1
			case ch >= '2' && ch <= '9':
				n = int(ch - '0')
			default:
				return game.Sum[token]{}, fmt.Errorf("row %d, column %d: character %q is not '.', 'K' or a count 2-9", i+1, j+1, rune(ch))
			}
			for range n {
				s.Parts = append(s.Parts, token{b: b, sq: int32(i*b.Cols + j)})
			}
		}
	}
	return s, nil
}

// parseCompact reads "RxC r,c r,c ...".
func (r rules) parseCompact(rowsText, colsText string, squares []string) (game.Sum[token], error) {
	rows, err1 := strconv.Atoi(rowsText)
	cols, err2 := strconv.Atoi(colsText)
	if err1 != nil || err2 != nil {
		return game.Sum[token]{}, fmt.Errorf("board %sx%s: sides out of range 1..%d", clip(rowsText), clip(colsText), MaxSide)
	}
	b, err := NewBoard(rows, cols, r.steps)
	if err != nil {
		return game.Sum[token]{}, err
	}
	if len(squares) > MaxTokens {
		return game.Sum[token]{}, &game.LimitError{What: "position", Measure: "tokens", Got: int64(len(squares)), Limit: MaxTokens}
	}
	s := game.Sum[token]{Frame: token{b: b, sq: -1}}
	for _, sq := range squares {
		rs, cs, ok := strings.Cut(sq, ",")
		rr, err1 := strconv.Atoi(strings.TrimSpace(rs))
		cc, err2 := strconv.Atoi(strings.TrimSpace(cs))
		if !ok || err1 != nil || err2 != nil || rr < 1 || rr > rows || cc < 1 || cc > cols {
			return game.Sum[token]{}, fmt.Errorf("token %q is not a square row,col within 1..%d, 1..%d", clip(sq), rows, cols)
		}
		s.Parts = append(s.Parts, token{b: b, sq: int32((rr-1)*cols + cc - 1)})
	}
	return s, nil
}

// Format writes the board and its tokens, board by board for a sum joined
// from several boards (game.FrameOf.Format).
func (rules) Format(s game.Sum[token]) string { return tokenBoard.Format(s, formatBoard) }

// tokenBoard is the board a token stands on.
var tokenBoard game.FrameOf[token, *Board] = func(t token) *Board { return t.b }

// formatBoard writes board b with the tokens, as a picture when it is
// small, else compact: "RxC r,c ...".
func formatBoard(b *Board, tokens []token) string {
	if b.Rows <= maxPicture && b.Cols <= maxPicture {
		if picture, ok := formatPicture(b, tokens); ok {
			return picture
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d", b.Rows, b.Cols)
	for _, t := range sortedTokens(tokens) {
		fmt.Fprintf(&sb, " %d,%d", t.sq/int32(b.Cols)+1, t.sq%int32(b.Cols)+1)
	}
	return sb.String() + "\n"
}

// formatPicture draws the tokens on the board's rows; ok is false when a
// square holds more than 9 tokens.
func formatPicture(b *Board, tokens []token) (string, bool) {
	w := b.Cols + 1
	cells := make([]byte, b.Rows*w)
	for i := range cells {
		cells[i] = '.'
		if i%w == b.Cols {
			cells[i] = '\n'
		}
	}
	for _, t := range tokens {
		c := &cells[int(t.sq)/b.Cols*w+int(t.sq)%b.Cols]
		switch *c {
		case '.':
			*c = 'K'
		case 'K':
			*c = '2'
		case '9':
			return "", false
		default:
			*c++
		}
	}
	return string(cells), true
}

// sortedTokens returns the tokens in row-major order of their squares.
func sortedTokens(ts []token) []token {
	out := slices.Clone(ts)
	slices.SortFunc(out, func(a, b token) int { return int(a.sq - b.sq) })
	return out
}

// Name writes the tokens' squares 1-based: "(3,3)+(5,6)", "0" for none.
func (rules) Name(s game.Sum[token]) string {
	return game.NameParts(s.Parts, func(t token) string { return t.b.Name(int(t.sq)) }, "+")
}

// Moves yields the squares one step away, in the order of the steps.
func (rules) Moves(t token) iter.Seq2[int32, []token] {
	return func(yield func(int32, []token) bool) {
		var buf [1]token
		ok := true
		t.b.Options(int(t.sq), func(q int) {
			if ok {
				buf[0] = token{b: t.b, sq: int32(q)}
				ok = yield(int32(q), buf[:])
			}
		})
	}
}

// Describe says a move, 1-based: "(5,6) to (4,4)".
func (rules) Describe(t token, to int32) string {
	return t.b.Name(int(t.sq)) + " to " + t.b.Name(int(to))
}

func (rules) Cells(t token, to int32) []game.Cell {
	c := int32(t.b.Cols)
	return []game.Cell{{Row: int(t.sq / c), Col: int(t.sq % c)}, {Row: int(to / c), Col: int(to % c)}}
}

// Check refuses more than MaxTokens tokens (the board was checked by
// NewBoard).
func (rules) Check(s game.Sum[token]) error {
	return game.CheckLimit("position", "tokens", int64(len(s.Parts)), MaxTokens)
}

func (rules) Legend() []game.Symbol {
	return []game.Symbol{
		{Char: ".", Meaning: "empty square", Start: true},
		{Char: "K", Meaning: "a token (a knight)", Start: true},
		{Char: "2", Meaning: "2 to 9: that many tokens on the square"},
	}
}

func (rules) PartNoun() string            { return "knight" }
func (rules) DescribePart(t token) string { return "on " + t.b.Name(int(t.sq)) }

// Accelerate computes the Grundy value of every square of each board the
// tokens stand on in one pass in topological order (options first).
func (rules) Accelerate(ctx context.Context, s game.Sum[token]) (game.Valuer[token], error) {
	return game.Tables(ctx, tokenBoard, s, squareValues, func(values []int32, t token) int { return int(values[t.sq]) })
}

// squareValues returns the value of every square of b.
func squareValues(ctx context.Context, b *Board) ([]int32, error) {
	order, err := compound.TopologicalOrder(b)
	if err != nil {
		return nil, err
	}
	values := make([]int32, b.Len())
	var mex sg.MexSet
	for n, p := range order {
		if n&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		mex.Reset()
		b.Options(int(p), func(q int) { mex.Add(int(values[q])) })
		values[p] = int32(mex.Mex())
	}
	return values, nil
}

// Memo gives the generic solver a flat memo of the squares (a map memo for
// a sum of several boards).
func (rules) Memo(s game.Sum[token]) sg.Memo[token] {
	return tokenBoard.Memo(s, func(b *Board) sg.Memo[token] {
		return sg.NewDenseMemo(b.Len(), func(t token) int { return int(t.sq) })
	})
}

// Index implements game.Indexed: the board is the explicit graph of a
// token's positions.
// The frame of the empty sum (game.Game.Join of nothing) stands on no
// board, and is refused.
func (rules) Index(frame token) (game.Indexing[token], error) {
	if frame.b == nil {
		return nil, fmt.Errorf("the empty position stands on no board")
	}
	return indexing{frame.b}, nil
}

type indexing struct{ b *Board }

func (ix indexing) Len() int                         { return ix.b.Len() }
func (ix indexing) Options(i int, yield func(j int)) { ix.b.Options(i, yield) }
func (ix indexing) Part(i int) token                 { return token{b: ix.b, sq: int32(i)} }
func (ix indexing) Index(t token) (int, bool) {
	return int(t.sq), t.b.Rows == ix.b.Rows && t.b.Cols == ix.b.Cols && t.sq >= 0
}

// Squares implements game.Layout: a token on every square, row by row.
func (rules) Squares(frame token) [][]token {
	b := frame.b
	if b == nil {
		return nil // the empty sum's frame: no board
	}
	rows := make([][]token, b.Rows)
	for r := range rows {
		rows[r] = make([]token, b.Cols)
		for c := range rows[r] {
			rows[r][c] = token{b: b, sq: int32(r*b.Cols + c)}
		}
	}
	return rows
}

// Memory estimates the bytes of the one-pass table: a value, an order
// entry and the topological sort's counts per square, and a parent per
// move.
func (rules) Memory(s game.Sum[token]) int64 {
	return tokenBoard.Memory(s, func(b *Board) int64 { return int64(b.Len()) * int64(20+4*len(b.Steps)) })
}
