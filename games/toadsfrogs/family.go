package toadsfrogs

import (
	"fmt"
	"strings"

	"nimber/game"
)

// families are the rows of Toads and Frogs that the literature tabulates
// (Erickson, "New Toads and Frogs results"): toads, empty squares and
// frogs in blocks, one block's length n. Member reads any such pattern,
// not only these.
var families = []game.Family{
	{Name: "T^N.F^N", About: "n toads, one empty square, n frogs (any pattern of T, F and . with ^N or ^k after a piece is a family too, e.g. T.^NF, T^2.^NF^2)"},
	{Name: "T^N.^2F^N", About: "n toads, two empty squares, n frogs"},
	{Name: "T.^NF", About: "one toad, n empty squares, one frog"},
	{Name: "T^N.^N", About: "n toads before n empty squares"},
}

// Families returns Toads and Frogs' families: rows written as patterns.
func (rules) Families() []game.Family { return families }

// MaxMember is the most squares of a family member's row. Its parts are
// checked against MaxRow as any position's, but pieces that can never
// move are cut away first, so a row of them (F^N.^N) could otherwise be
// as long as the text allows, and a table of thousands of such rows take
// seconds to read.
const MaxMember = 4096

// Member returns member n of the family pattern name: its pieces 'T', 'F'
// and '.' in order, each repeated n times when followed by ^N, k times
// when followed by ^k (k a number), once otherwise. A row of more than
// MaxMember squares is refused with a *game.LimitError before it is
// built; the table then checks each member's parts against MaxRow as any
// position's.
func (rules) Member(name string, n int) (string, error) {
	if err := game.CheckMember(name, n); err != nil {
		return "", err
	}
	blocks, err := pattern(name)
	if err != nil {
		return "", fmt.Errorf("no family %q of toads-frogs: %v (e.g. T^N.F^N)", name, err)
	}
	var squares int64
	for _, b := range blocks {
		squares += b.times(n)
	}
	if err := game.CheckLimit(fmt.Sprintf("member %d of %s", n, name), "squares", squares, MaxMember); err != nil {
		return "", err
	}
	var row strings.Builder
	for _, b := range blocks {
		row.WriteString(strings.Repeat(string(b.piece), int(b.times(n))))
	}
	return row.String(), nil
}

// block is one piece of a family pattern repeated: count times, or n
// times when count is 0.
type block struct {
	piece byte
	count int64
}

func (b block) times(n int) int64 {
	if b.count == 0 {
		return int64(n)
	}
	return b.count
}

// pattern reads a family pattern: pieces T, F or '.', each optionally
// followed by ^N or ^k, with at least one ^N. Errors say the column.
func pattern(name string) ([]block, error) {
	var blocks []block
	hasN := false
	for i := 0; i < len(name); {
		c := name[i]
		switch c {
		case 't', 'T':
			c = 'T'
		case 'f', 'F':
			c = 'F'
		case '.':
		default:
			return nil, fmt.Errorf("column %d: %q is not one of \"TF.\"", i+1, rune(c))
		}
		i++
		b := block{piece: c, count: 1}
		if i < len(name) && name[i] == '^' {
			j := i + 1
			for j < len(name) && name[j] != '^' && strings.IndexByte("tTfF.", name[j]) < 0 {
				j++
			}
			exp := name[i+1 : j]
			switch k, isN, ok := game.FamilyCount(exp, game.MaxText); {
			case isN:
				b.count, hasN = 0, true
			case ok:
				b.count = k
			default:
				return nil, fmt.Errorf("column %d: exponent %q: want N or a number from 1 to %d", i+2, exp, game.MaxText)
			}
			i = j
		}
		blocks = append(blocks, b)
	}
	if !hasN {
		return nil, fmt.Errorf("no ^N in the pattern")
	}
	return blocks, nil
}
