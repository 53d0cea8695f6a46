package heap

import (
	"context"
	"slices"
	"strings"
	"testing"

	"nimber/sg"
)

// Known nim-sequences (from the heap-games specification and the literature).
var golden = map[string][]uint16{
	"0.77":      {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4},
	"0.07":      {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0},
	"grundy":    {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2},
	"sub:1,3,4": {0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2},
	// Treblecross, 0.007: no move below 3 tokens, so G(0..2) = 0.
	"0.007": {0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5, 5, 2, 2, 2, 3, 3, 0, 5},
}

func TestPlainGolden(t *testing.T) {
	for code, want := range golden {
		g, err := Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.Plain(context.Background(), nil, len(want))
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: got %v (%v)\nwant %v", code, got, err, want)
		}
	}
}

func TestParse(t *testing.T) {
	for code, want := range map[string]string{
		"0.07": "0.07", ".07": "0.07", "4.07": "4.07", "0.137": "0.137", "0.8F": "0.8F",
		"grundy": "4!.0", "4!.0": "4!.0", "sub:1,3,4": "0.3033", "0.070": "0.07",
	} {
		g, err := Parse(code)
		if err != nil || g.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", code, g, err, want)
		}
	}
	for code, msg := range map[string]string{
		"":        "want an octal code",
		"0.0x":    `'x' at position 3 is not a digit`,
		"12.3":    "one digit before the point",
		"1.07":    "may only use bits 4 and 8",
		"0.":      "no digits after the point",
		"sub:1,0": `"0" is not a removal`,
		"sub:a":   `"a" is not a removal`,
		"kayles":  "want an octal code",
	} {
		if _, err := Parse(code); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Parse(%q) error %v, want one containing %q", code, err, msg)
		}
	}
}

// TestGenericEngineAgrees solves heaps with the generic engine of package
// sg over the game's rules and compares with Plain.
func TestGenericEngineAgrees(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "grundy", "0.8F", "4.37", "sub:2,5"} {
		g, _ := Parse(code)
		want, _ := g.Plain(context.Background(), nil, 120)
		s := sg.NewSolver[int, Move](g, sg.NewMapMemo[int]())
		for n, w := range want {
			v, err := s.Grundy(context.Background(), n)
			if err != nil || v != int(w) {
				t.Fatalf("%s heap %d: generic %d (%v), plain %d", code, n, v, err, w)
			}
		}
	}
}
