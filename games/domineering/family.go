package domineering

import (
	"fmt"
	"strings"

	"nimber/game"
)

// families are Domineering's families of empty rectangles; K is a number
// of rows or columns fixed by the name (1xN, 2xN, 3xN; Nx2).
var families = []game.Family{
	{Name: "KxN", About: "the empty board of K rows (a number: 1xN, 2xN, 3xN) and n columns"},
	{Name: "NxK", About: "the empty board of n rows and K columns (a number: Nx1, Nx2), the negative of KxN"},
	{Name: "NxN", About: "the empty square board of side n"},
}

// Families returns Domineering's families: empty rectangles with one side
// fixed, and squares.
func (rules) Families() []game.Family { return families }

// Member returns the empty board of family name with n for N; a board of
// more than MaxRegion cells is refused with a *game.LimitError.
func (rules) Member(name string, n int) (string, error) {
	if err := game.CheckMember(name, n); err != nil {
		return "", err
	}
	rowsText, colsText, ok := strings.Cut(strings.ToUpper(name), "X")
	rows, rerr := side(rowsText, n)
	cols, cerr := side(colsText, n)
	if !ok || rerr != nil || cerr != nil {
		return "", fmt.Errorf("no family %q of domineering: want KxN, NxK (K a number of rows or columns, e.g. 2xN) or NxN", name)
	}
	// Refused here, before the text is built, as Check would refuse it.
	if err := game.CheckLimit(fmt.Sprintf("the %d x %d board", rows, cols), "empty cells", int64(rows)*int64(cols), MaxRegion); err != nil {
		return "", err
	}
	return strings.TrimSuffix(strings.Repeat(strings.Repeat(".", cols)+"|", rows), "|"), nil
}

// side reads one side of a family's name: N for n, or a number from 1
// to game.MaxFamilyMember.
func side(text string, n int) (int, error) {
	k, isN, ok := game.FamilyCount(text, game.MaxFamilyMember)
	switch {
	case isN:
		return n, nil
	case !ok:
		return 0, fmt.Errorf("side %q: want N or a number of 1 or more", text)
	}
	return int(k), nil
}
