package game

import (
	"fmt"
	"strings"
)

// positions is what a Game does with its positions whatever its moves,
// impartial or partizan: the typed sum inside a Position, its text and
// name, its parts and what they are called. typed and partizan embed it.
type positions[P comparable] struct {
	format func(Sum[P]) string
	rules  any // the game's rules, asked for Namer and PartDescriber
	info   Info
}

func (g *positions[P]) Info() Info { return g.info }

func (g *positions[P]) wrap(s Sum[P]) Position { return Position{s} }

// sum returns the typed position of pos; a position of another game is a
// programming error.
func (g *positions[P]) sum(pos Position) Sum[P] {
	s, ok := pos.sum.(Sum[P])
	if !ok {
		panic(fmt.Sprintf("game: a position of %T given to a game of parts %T", pos.sum, *new(P)))
	}
	return s
}

func (g *positions[P]) Format(pos Position) string { return g.format(g.sum(pos)) }

func (g *positions[P]) Name(pos Position) string {
	s := g.sum(pos)
	if n, ok := g.rules.(Namer[P]); ok {
		return n.Name(s)
	}
	name := strings.ReplaceAll(strings.TrimRight(g.format(s), "\n"), "\n", "/")
	if name == "" {
		return "0" // the empty game
	}
	return name
}

func (g *positions[P]) Join(ps ...Position) Position {
	var out Sum[P]
	for i, p := range ps {
		s := g.sum(p)
		if i == 0 {
			out.Frame = s.Frame
		}
		out.Parts = append(out.Parts, s.Parts...)
	}
	return g.wrap(out)
}

func (g *positions[P]) Parts(pos Position) []Position {
	s := g.sum(pos)
	out := make([]Position, len(s.Parts))
	for i, p := range s.Parts {
		out[i] = g.wrap(Sum[P]{Parts: []P{p}, Frame: s.Frame})
	}
	return out
}

func (g *positions[P]) DescribePart(pos Position, i int) string {
	s := g.sum(pos)
	if i < 0 || i >= len(s.Parts) {
		return fmt.Sprintf("no %s %d: the position has %d", g.info.Noun, i+1, len(s.Parts))
	}
	if d, ok := g.rules.(PartDescriber[P]); ok {
		return d.DescribePart(s.Parts[i])
	}
	return g.Name(g.wrap(Sum[P]{Parts: []P{s.Parts[i]}, Frame: s.Frame}))
}

// JoinParts writes parts one by one with text, separated by sep: the
// Format of a sum whose parts each write themselves.
func JoinParts[P any](parts []P, text func(P) string, sep string) string {
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = text(p)
	}
	return strings.Join(texts, sep)
}

// NameParts is JoinParts for a Namer's Name: "0", the empty sum, when
// there are no parts.
func NameParts[P any](parts []P, text func(P) string, sep string) string {
	if len(parts) == 0 {
		return "0"
	}
	return JoinParts(parts, text, sep)
}

// ParseRows reads the rows of a sum of strips (Toads and Frogs, Toppling
// Dominoes), each made of the characters chars, spaces around a row
// trimmed: cell says whether a character is one of a row's and what is
// kept of it (0 to drop it). Errors name the row (when there are several),
// the column and the character: `row 2: column 3: character 'x' is not
// one of "TF."`, and an empty row.
func ParseRows(rows []string, chars string, cell func(c byte) (byte, bool)) ([]string, error) {
	out := make([]string, len(rows))
	for i, row := range rows {
		where := ""
		if len(rows) > 1 {
			where = fmt.Sprintf("row %d: ", i+1)
		}
		row = strings.TrimSpace(row)
		if row == "" {
			return nil, fmt.Errorf("%sempty: a row is one or more of %q", where, chars)
		}
		b := make([]byte, 0, len(row))
		for j := range len(row) {
			c, ok := cell(row[j])
			if !ok {
				return nil, fmt.Errorf("%scolumn %d: character %q is not one of %q", where, j+1, rune(row[j]), chars)
			}
			if c != 0 {
				b = append(b, c)
			}
		}
		out[i] = string(b)
	}
	return out, nil
}

// SplitBoards returns the sum of the parts split makes of each of boards, in
// order: a position read board by board, each a sum of its parts.
func SplitBoards[B any, P comparable](boards []B, split func(B) []P) Sum[P] {
	var s Sum[P]
	for _, b := range boards {
		s.Parts = append(s.Parts, split(b)...)
	}
	return s
}

// CheckRows refuses a sum of strips with a row of more than most units
// (squares, dominoes), naming it by its number and its text as text
// writes it, cut short: `part 2 (tttt..ffff)`.
func CheckRows(rows []string, text func(string) string, units string, most int) error {
	for i, r := range rows {
		name := Clip(r, 40)
		if err := CheckLimit(fmt.Sprintf("part %d (%s)", i+1, text(name)), units, int64(len(r)), int64(most)); err != nil {
			return err
		}
	}
	return nil
}
