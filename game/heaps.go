package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// HeapText is the position format of the games whose parts are heaps of
// tokens (take-and-break codes, Nim, all-but games): heap sizes separated by
// white space or '+', "5 7 9" or "5+7+9"; an empty heap is no part, so ""
// and "0" are the empty position. Embed it in a game's rules for Parse,
// Format, Name, PartNoun and DescribePart.
type HeapText struct{}

// Parse reads heap sizes. Errors name the heap: `heap 2: "x" is not a heap
// size`.
func (HeapText) Parse(text string) (Sum[int], error) {
	var s Sum[int]
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '+' || unicode.IsSpace(r) })
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return Sum[int]{}, fmt.Errorf("heap %d: %q is not a heap size", i+1, clip(f))
		}
		if n > 0 {
			s.Parts = append(s.Parts, n)
		}
	}
	return s, nil
}

// Format writes the heaps separated by spaces: "5 7 9".
func (HeapText) Format(s Sum[int]) string { return joinInts(s.Parts, " ") }

// Name writes the heaps joined by '+': "5+7+9", "0" for none.
func (HeapText) Name(s Sum[int]) string {
	if len(s.Parts) == 0 {
		return "0"
	}
	return joinInts(s.Parts, "+")
}

// PartNoun says that a part is a heap.
func (HeapText) PartNoun() string { return "heap" }

// DescribePart says a heap: "5 tokens", "1 token".
func (HeapText) DescribePart(n int) string {
	if n == 1 {
		return "1 token"
	}
	return fmt.Sprintf("%d tokens", n)
}

// CheckHeaps refuses a position with a heap over maxHeap tokens or more
// than maxHeaps heaps.
func CheckHeaps(s Sum[int], maxHeap, maxHeaps int) error {
	for i, n := range s.Parts {
		if err := CheckLimit(fmt.Sprintf("heap %d", i+1), "tokens", int64(n), int64(maxHeap)); err != nil {
			return err
		}
	}
	return CheckLimit("position", "heaps", int64(len(s.Parts)), int64(maxHeaps))
}

// ParseCounts reads the list in a heap family's name: positive integers
// separated by commas, "1,3,4" of "allbut:1,3,4", with spaces around an
// element allowed and spaces only the empty list. It takes at most most
// elements, else a *LimitError on what counted in units, each at most max.
// An error names the element, the whole name and what an element is:
// `"x" at element 2 of "allbut:1,x" is not a removal (a positive integer)`.
func ParseCounts(name, list, what, unit string, most, max int) ([]int, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var ks []int
	for i, f := range strings.Split(list, ",") {
		if i >= most {
			return nil, &LimitError{What: what, Measure: unit + "s", Got: int64(strings.Count(list, ",") + 1), Limit: int64(most)}
		}
		f = strings.TrimSpace(f)
		k, large, ok := ParseCount(f, 1, max)
		a := "a"
		if strings.ContainsRune("aeiouAEIOU", rune(unit[0])) {
			a = "an"
		}
		switch {
		case large:
			return nil, fmt.Errorf("%q at element %d of %q is too large %s %s (limit %d)", clip(f), i+1, clip(name), a, unit, max)
		case !ok:
			return nil, fmt.Errorf("%q at element %d of %q is not %s %s (a positive integer)", clip(f), i+1, clip(name), a, unit)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// ParseCount reads f, an integer in decimal, as ParseCounts reads each
// element: ok when it is from least to most, with its value n; large when
// it is an integer above most, however many digits it has, which a parser
// refuses as too large rather than as no number.
func ParseCount(f string, least, most int) (n int, large, ok bool) {
	n, err := strconv.Atoi(f)
	switch {
	case (errors.Is(err, strconv.ErrRange) && f[0] != '-') || (err == nil && n > most):
		return 0, true, false
	case err != nil || n < least:
		return 0, false, false
	}
	return n, false, true
}

// FormatCounts writes ks as ParseCounts reads them: "1,3,4".
func FormatCounts(ks []int) string { return joinInts(ks, ",") }

// CheckHeap returns n for the Heap of Heaps, refusing a negative heap
// and, with a *LimitError, one of more than most tokens.
func CheckHeap(n, most int) (int, error) {
	if n < 0 {
		return 0, fmt.Errorf("a heap of %d tokens: a heap has 0 tokens or more", n)
	}
	if err := CheckLimit("heap", "tokens", int64(n), int64(most)); err != nil {
		return 0, err
	}
	return n, nil
}

// joinInts writes ns separated by sep.
func joinInts(ns []int, sep string) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// OneHeap returns the parts left by a move of a one-heap game that leaves
// a heap of k: none when k is 0, else k, held in buf (valid until buf is
// written again), so that a Moves loop allocates nothing.
func OneHeap(buf *[1]int, k int) []int {
	if k == 0 {
		return buf[:0]
	}
	buf[0] = k
	return buf[:]
}
