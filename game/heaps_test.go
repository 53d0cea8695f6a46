package game_test

import (
	"testing"

	"nimber/game"
	"nimber/game/gametest"
)

func TestHeapText(t *testing.T) {
	var h game.HeapText
	for _, tc := range []struct{ in, format, name, err string }{
		{"", "", "0", ""},
		{"0", "", "0", ""},
		{"5 7 9", "5 7 9", "5+7+9", ""},
		{" 5+ 7\t0 09\n", "5 7 9", "5+7+9", ""},
		{"5 x", "", "", `heap 2: "x" is not a heap size`},
		{"-1", "", "", `heap 1: "-1" is not a heap size`},
		{"99999999999999999999999", "", "", `heap 1: "99999999999999999999999" is not a heap size`},
	} {
		s, err := h.Parse(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Parse(%q): error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || h.Format(s) != tc.format || h.Name(s) != tc.name {
			t.Errorf("Parse(%q) = %q named %q, %v; want %q named %q", tc.in, h.Format(s), h.Name(s), err, tc.format, tc.name)
		}
	}
	if err := game.CheckHeaps(game.Sum[int]{Parts: []int{3, 70}}, 64, 8); err == nil || err.Error() != "heap 2: 70 tokens, limit 64" {
		t.Errorf("CheckHeaps: %v", err)
	}
	if err := game.CheckHeaps(game.Sum[int]{Parts: []int{1, 2, 3}}, 64, 2); err == nil || err.Error() != "position: 3 heaps, limit 2" {
		t.Errorf("CheckHeaps: %v", err)
	}
	if d := h.DescribePart(1) + ", " + h.DescribePart(5); d != "1 token, 5 tokens" {
		t.Errorf("DescribePart: %q", d)
	}
}

func FuzzHeapText(f *testing.F) {
	gametest.FuzzParse(f, game.Of(kaylesHeaps{}), "", "0", "5 7 9", "5+7+9", "1 x", "-1", "9999999999999999999999", "+ +")
}

// kaylesHeaps is Kayles with positions in the heap format.
type kaylesHeaps struct {
	game.HeapText
	kayles
}

func (k kaylesHeaps) Parse(text string) (game.Sum[int], error) { return k.HeapText.Parse(text) }
func (k kaylesHeaps) Format(s game.Sum[int]) string            { return k.HeapText.Format(s) }
