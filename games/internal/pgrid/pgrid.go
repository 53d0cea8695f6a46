// Package pgrid holds what the partizan board games (Domineering,
// Clobber, Konane, Col and Snort) share: their position format (boards
// with rows joined by '|' or newlines, several boards joined by '+' for a
// sum), the stone games' legend, their regions (the parts no move joins,
// written as trimmed boards) and the normal form of a region under the
// board's symmetries. Each game's rules stay in its own package.
package pgrid

import (
	"fmt"
	"strings"

	"nimber/game"
	"nimber/grid"
)

// Region is a part of a partizan board game: its rows joined by '|', one
// character a cell, trimmed to the bounding box of its cells. A Region is
// its own text, so equal regions are equal strings.
type Region string

// Grid returns the cells of r as a grid (a fresh copy).
func (r Region) Grid() grid.Grid {
	h, w := r.dims()
	g := grid.Grid{Rows: h, Cols: w, Cells: make([]byte, 0, h*w)}
	for i := 0; i < len(r); i += w + 1 {
		g.Cells = append(g.Cells, r[i:i+w]...)
	}
	return g
}

// dims returns the rows and columns of r: rows of equal length joined by
// '|'.
func (r Region) dims() (h, w int) {
	w = strings.IndexByte(string(r), '|')
	if w < 0 {
		return 1, len(r)
	}
	return (len(r) + 1) / (w + 1), w
}

// Parse reads the boards of a position: one board, or several joined by
// '+' (a sum), each with rows joined by '|' or newlines, every cell one
// of alphabet. Errors say the board (when there are several), row, column
// and character: "board 2: row 1, column 3: character 'z' is not one of
// ".#"".
func Parse(text, alphabet string) ([]grid.Grid, error) {
	if err := game.CheckText(text, game.MaxText); err != nil {
		return nil, err
	}
	boards := strings.Split(text, "+")
	var out []grid.Grid
	for i, b := range boards {
		g, err := grid.ParseBoard(strings.ReplaceAll(b, "|", "\n"), alphabet)
		if err != nil {
			if len(boards) > 1 {
				return nil, fmt.Errorf("board %d: %w", i+1, err)
			}
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// ParseSum reads a position as Parse does and splits each board into its
// regions by split: the Parse of a board game whose every board is a sum
// of its regions.
func ParseSum(text, alphabet string, split func(grid.Grid) []Region) (game.Sum[Region], error) {
	boards, err := Parse(text, alphabet)
	if err != nil {
		return game.Sum[Region]{}, err
	}
	return game.SplitBoards(boards, split), nil
}

// Split returns the regions of g: its orthogonally connected components
// of cells for which in is true, each written as the bounding box of the
// component with every other cell blank. Components of fewer than least
// cells are left out (they are worth 0).
func Split(g grid.Grid, in func(c byte) bool, blank byte, least int) []Region {
	return split(g, in, blank, least, Dirs[:])
}

// Split8 is Split with cells connected diagonally too (a king's step):
// the regions of a game whose pieces move like queens (Amazons).
func Split8(g grid.Grid, in func(c byte) bool, blank byte, least int) []Region {
	return split(g, in, blank, least, Dirs8[:])
}

// Keep returns the parts that hold, for each of sets, a cell that is one
// of its characters (the regions with a move in them), reusing parts'
// storage.
func Keep(parts []Region, sets ...string) []Region {
	out := parts[:0]
	for _, p := range parts {
		if p.holds(sets) {
			out = append(out, p)
		}
	}
	return out
}

// holds reports whether r has, for each of sets, a cell that is one of
// its characters.
func (r Region) holds(sets []string) bool {
	for _, set := range sets {
		if !strings.ContainsAny(string(r), set) {
			return false
		}
	}
	return true
}

// Dirs8 are the eight directions of a king's (or queen's) step, as (row,
// column) steps: the four orthogonal ones of Dirs, then the diagonals.
var Dirs8 = [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// split returns the components of g's cells for which in is true,
// connected by the steps dirs, as Split writes them.
func split(g grid.Grid, in func(c byte) bool, blank byte, least int, dirs [][2]int) []Region {
	// mark holds each cell's component, numbered from 1 (0: not yet met);
	// on a small board it and the stack are on the stack.
	var markArr [64]int32
	var stackArr [64]int
	mark, stack := markArr[:0], stackArr[:0]
	if len(g.Cells) <= len(markArr) {
		mark = markArr[:len(g.Cells)]
	} else {
		mark = make([]int32, len(g.Cells))
	}
	var out []Region
	id := int32(0)
	for start := range g.Cells {
		if mark[start] != 0 || !in(g.Cells[start]) {
			continue
		}
		id++
		mark[start] = id
		stack = append(stack[:0], start)
		n := 0
		r1, r2, c1, c2 := g.Rows, -1, g.Cols, -1
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			r, c := i/g.Cols, i%g.Cols
			r1, r2, c1, c2 = min(r1, r), max(r2, r), min(c1, c), max(c2, c)
			for _, d := range dirs {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr >= g.Rows || nc < 0 || nc >= g.Cols {
					continue
				}
				if j := nr*g.Cols + nc; mark[j] == 0 && in(g.Cells[j]) {
					mark[j] = id
					stack = append(stack, j)
				}
			}
		}
		if n < least {
			continue
		}
		var b strings.Builder
		b.Grow((r2-r1+1)*(c2-c1+2) - 1)
		for r := r1; r <= r2; r++ {
			if r > r1 {
				b.WriteByte('|')
			}
			for c := c1; c <= c2; c++ {
				if i := r*g.Cols + c; mark[i] == id {
					b.WriteByte(g.Cells[i])
				} else {
					b.WriteByte(blank)
				}
			}
		}
		out = append(out, Region(b.String()))
	}
	return out
}

// Write returns the region of the h x w cells, given row by row.
func Write(cells []byte, h, w int) Region {
	var b strings.Builder
	b.Grow(h*(w+1) - 1)
	for r := range h {
		if r > 0 {
			b.WriteByte('|')
		}
		b.Write(cells[r*w : (r+1)*w])
	}
	return Region(b.String())
}

// Key returns the least (as strings) of r's images under the flips of
// the board (left-right, top-bottom and both), and under transposition
// too when transpose is true: the normal form of a region of a game whose
// values those symmetries keep. Each image is written into one buffer and
// compared there, so only a new least one is copied.
func Key(r Region, transpose bool) Region {
	h, w := r.dims()
	at := func(i, j int) byte { return r[i*(w+1)+j] }
	buf := make([]byte, 0, h*w+max(h, w))
	var best []byte // nil while r itself is the least
	try := func(th, tw int, cell func(i, j int) byte) {
		buf = buf[:0]
		for i := range th {
			if i > 0 {
				buf = append(buf, '|')
			}
			for j := range tw {
				buf = append(buf, cell(i, j))
			}
		}
		less := best != nil && string(buf) < string(best) || best == nil && string(buf) < string(r)
		if less {
			best, buf = buf, best
			if buf == nil {
				buf = make([]byte, 0, cap(best))
			}
		}
	}
	try(h, w, func(i, j int) byte { return at(i, w-1-j) })
	try(h, w, func(i, j int) byte { return at(h-1-i, j) })
	try(h, w, func(i, j int) byte { return at(h-1-i, w-1-j) })
	if transpose {
		try(w, h, func(i, j int) byte { return at(j, i) })
		try(w, h, func(i, j int) byte { return at(h-1-j, i) })
		try(w, h, func(i, j int) byte { return at(j, w-1-i) })
		try(w, h, func(i, j int) byte { return at(h-1-j, w-1-i) })
	}
	if best == nil {
		return r
	}
	return Region(best)
}

// Transpose returns r reflected in its main diagonal: its rows become
// its columns.
func Transpose(r Region) Region {
	h, w := r.dims()
	b := make([]byte, 0, len(r)-h+w)
	for j := range w {
		if j > 0 {
			b = append(b, '|')
		}
		for i := range h {
			b = append(b, r[i*(w+1)+j])
		}
	}
	return Region(b)
}

// Format writes regions as Parse reads them: joined by " + ", and an empty
// position as the board of one blank cell.
func Format(parts []Region, blank byte) string {
	if len(parts) == 0 {
		return string(blank)
	}
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = string(p)
	}
	return strings.Join(s, " + ")
}

// Count returns the number of cells of r that are one of chars.
func (r Region) Count(chars string) int {
	n := 0
	for i := range len(r) {
		if r[i] != '|' && strings.IndexByte(chars, r[i]) >= 0 {
			n++
		}
	}
	return n
}

// CheckRegions refuses, with a *game.LimitError naming the region (its
// text cut short), a part with more than most cells that are one of
// chars, what noun names ("empty cells", "stones"): the Check of a board
// game whose regions are searched whole.
func CheckRegions(parts []Region, chars, noun string, most int) error {
	return CheckRegionsBy(parts, noun, int64(most), func(p Region) int64 { return int64(p.Count(chars)) })
}

// CheckRegionsBy refuses, with a *game.LimitError naming the region (its
// text cut short), a part whose measure, named by noun, is more than
// most: the Check of a board game that estimates a region's cost its own
// way (Amazons).
func CheckRegionsBy(parts []Region, noun string, most int64, measure func(Region) int64) error {
	for i, p := range parts {
		text := string(p)
		if len(text) > 40 {
			text = text[:40] + "..."
		}
		if err := game.CheckLimit(fmt.Sprintf("region %d (%s)", i+1, text), noun, measure(p), most); err != nil {
			return err
		}
	}
	return nil
}

// Stones is the legend of the stone games' boards (Clobber, Konane): 'x'
// Left's stone, 'o' Right's, '.' empty.
var Stones = append(Pieces("stone"), Empty)

// Empty and Blocked are the legend's empty cell ('.') and blocked one
// ('#'), for the boards that have them.
var (
	Empty   = game.Symbol{Char: ".", Meaning: "empty", Start: true}
	Blocked = game.Symbol{Char: "#", Meaning: "blocked", Start: true}
)

// Pieces returns the legend of the two players' pieces named noun
// ("stone", "amazon"): 'x' Left's, 'o' Right's.
func Pieces(noun string) []game.Symbol {
	return game.StartSymbols("xo", "Left's "+noun, "Right's "+noun)
}

// StoneBoard returns the board of a stone game (Clobber, Konane): Left's
// stones 'x', Right's 'o' and empty cells '.', split into regions by
// split, Check refusing a region of more than most stones, and valued
// alike under the eight symmetries of the square (flips, rotations,
// transpositions), which keep both players' moves when every move is
// orthogonal and the same for both.
func StoneBoard(split func(grid.Grid) []Region, most int) Board {
	return Board{
		Alphabet:  ".xo",
		Blank:     '.',
		Split:     split,
		Counted:   "xo",
		Noun:      "stones",
		Most:      most,
		Transpose: true,
		Symbols:   Stones,
		Describe:  DescribeStones,
	}
}

// DescribeStones describes a region of a stone game: how many stones
// each player has in it, and the region.
func DescribeStones(p Region) string {
	return fmt.Sprintf("%d of Left's stones and %d of Right's: %s", strings.Count(string(p), "x"), strings.Count(string(p), "o"), p)
}

// DominoBoard returns the board of the domino games (Domineering, Cram):
// empty cells '.' and filled '#', split into regions of empty cells by
// SplitEmpty, Check refusing a region of more than most empty cells, and
// valued alike under the flips of the board, and under transposition too
// when transpose is true (when both players may place a domino either way).
func DominoBoard(most int, transpose bool) Board {
	return Board{
		Alphabet:  ".#",
		Blank:     '#',
		Split:     SplitEmpty,
		Counted:   ".",
		Noun:      "empty cells",
		Most:      most,
		Transpose: transpose,
		Symbols:   []game.Symbol{Empty, {Char: "#", Meaning: "filled", Start: true}},
	}
}

// SplitEmpty returns the regions of empty cells ('.') of g with a move of
// a domino in them: those of two cells or more, written with '#' around.
func SplitEmpty(g grid.Grid) []Region {
	return Split(g, func(c byte) bool { return c == '.' }, '#', 2)
}

// Domino returns the regions of empty cells of g (SplitEmpty) that a
// domino leaves on the empty cell at row r, column c and the next one
// down, or across when across is set, and whether both cells are on g and
// empty (the domino may be placed there). g is unchanged.
func Domino(g grid.Grid, r, c int, across bool) ([]Region, bool) {
	i, j := r*g.Cols+c, (r+1)*g.Cols+c
	if across {
		j = i + 1
	}
	if across && c+1 >= g.Cols || !across && r+1 >= g.Rows || g.Cells[i] != '.' || g.Cells[j] != '.' {
		return nil, false
	}
	g.Cells[i], g.Cells[j] = '#', '#'
	leaves := SplitEmpty(g)
	g.Cells[i], g.Cells[j] = '.', '.'
	return leaves, true
}

// Dirs are the four orthogonal directions, as (row, column) steps.
var Dirs = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// EachStone calls f with the row and column of each of side's stones in
// g (Left's 'x', Right's 'o', in reading order) and the two players'
// stones, side's first; it stops, returning false, when f does.
func EachStone(g grid.Grid, side game.Side, f func(r, c int, us, them byte) bool) bool {
	us, them := StoneOf(side)
	for r := range g.Rows {
		for c := range g.Cols {
			if g.Cells[r*g.Cols+c] == us && !f(r, c, us, them) {
				return false
			}
		}
	}
	return true
}

// StoneOf returns side's stone of a stone game (Left's 'x', Right's 'o')
// and the other player's.
func StoneOf(side game.Side) (us, them byte) {
	if side == game.Right {
		return 'o', 'x'
	}
	return 'x', 'o'
}

// StoneHandMoves returns the hand moves (game.HandMover) of side's stones
// on a stone game's part, given as its text: step appends to out the
// moves of the stone at from in direction d (one of Dirs), for each of
// side's stones us in reading order (them the other's) and each
// direction.
func StoneHandMoves(part string, side game.Side, step func(out []game.HandMove, rows Rows, from game.Cell, d [2]int, us, them byte) []game.HandMove) []game.HandMove {
	rows := RowsOf(part)
	us, them := StoneOf(side)
	var out []game.HandMove
	for _, from := range rows.Find(string(us)) {
		for _, d := range Dirs {
			out = step(out, rows, from, d, us, them)
		}
	}
	return out
}

// Board describes a partizan board game whose positions are sums of
// regions: its characters, which cells a region is made of and how a
// board splits into regions, what a region's size counts, and the
// symmetries that keep its value. From it come the game's Parse, Format,
// Check, Key, Legend, PartNoun and DescribePart; a game's rules embed it
// and add only the moves (Options), overriding any method whose logic is
// the game's own.
type Board struct {
	// Alphabet holds the characters a board may hold, as Parse reads it.
	Alphabet string
	// Blank is the cell outside every region: Format writes an empty
	// position as it.
	Blank byte
	// Split returns the regions of a board with a move in them.
	Split func(grid.Grid) []Region
	// Counted holds the characters of the cells Check counts in a region,
	// and Noun names them ("stones", "empty cells").
	Counted, Noun string
	// Most is the most Counted cells of one region Check accepts.
	Most int
	// Transpose is whether transposing a region keeps its value (both
	// players' moves), so that Key uses the eight symmetries of the
	// square rather than the four flips.
	Transpose bool
	// Symbols is the board's legend.
	Symbols []game.Symbol
	// Describe describes a region (DescribePart); nil, it gives the
	// number of Counted cells as empty cells, and the region.
	Describe func(Region) string
}

// Parse reads a position of the board: Parse's boards, each split into
// its regions.
func (b Board) Parse(text string) (game.Sum[Region], error) {
	return ParseSum(text, b.Alphabet, b.Split)
}

// Format writes s as Parse reads it.
func (b Board) Format(s game.Sum[Region]) string { return Format(s.Parts, b.Blank) }

// Check refuses a region of more than Most Counted cells.
func (b Board) Check(s game.Sum[Region]) error {
	return CheckRegions(s.Parts, b.Counted, b.Noun, b.Most)
}

// Key returns the normal form of p under the board's symmetries.
func (b Board) Key(p Region) Region { return Key(p, b.Transpose) }

// Legend returns the board's characters and their meanings.
func (b Board) Legend() []game.Symbol { return b.Symbols }

// PartNoun names a part of a position: a region.
func (Board) PartNoun() string { return "region" }

// DescribePart describes region p: by Describe, or as its number of
// Counted cells and the region.
func (b Board) DescribePart(p Region) string {
	if b.Describe != nil {
		return b.Describe(p)
	}
	return fmt.Sprintf("%d empty cells: %s", p.Count(b.Counted), p)
}

// Rows are a part's text split into rows of cells at '|', which a game's
// hand moves (game.HandMover) point at: Find lists the cells holding a
// character, At reads a cell and With writes the text of a changed copy.
type Rows [][]byte

// RowsOf splits a part's text into its rows.
func RowsOf(part string) Rows {
	var rows Rows
	for r := range strings.SplitSeq(part, "|") {
		rows = append(rows, []byte(r))
	}
	return rows
}

// At returns the character at (r, c), 0 outside the rows.
func (rs Rows) At(r, c int) byte {
	if r < 0 || r >= len(rs) || c < 0 || c >= len(rs[r]) {
		return 0
	}
	return rs[r][c]
}

// Find returns the cells holding one of chars, in reading order.
func (rs Rows) Find(chars string) []game.Cell {
	var out []game.Cell
	for r, row := range rs {
		for c, ch := range row {
			if strings.IndexByte(chars, ch) >= 0 {
				out = append(out, game.Cell{Row: r, Col: c})
			}
		}
	}
	return out
}

// With returns the text of a copy of rs with the given cells set to the
// given characters; rs is unchanged.
func (rs Rows) With(set map[game.Cell]byte) string {
	cp := make([][]byte, len(rs))
	for i, r := range rs {
		cp[i] = append([]byte(nil), r...)
	}
	for c, ch := range set {
		cp[c.Row][c.Col] = ch
	}
	s := make([]string, len(cp))
	for i, r := range cp {
		s[i] = string(r)
	}
	return strings.Join(s, "|")
}
