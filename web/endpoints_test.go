package web

import (
	"context"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimber/compound"
	"nimber/games/moveset"
	"nimber/heap"
)

// heapInUse returns the bytes of heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestTableKnightsGolden checks GET /api/table/knights against the seed's
// 8 x 8 tables: the labels byte for byte, the numbers against the labels.
func TestTableKnightsGolden(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, f := range compound.Functions {
		target := "/api/table/knights?size=8&function=" + f
		if f == "grundy" {
			target = "/api/table/knights" // the defaults
		}
		rec := do(t, s, "GET", target, "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d, %s", target, rec.Code, rec.Body)
		}
		var tab tableResponse
		decode(t, rec, &tab)
		if tab.Game != "knights" || tab.Size != 8 || tab.Function != f || tab.Moves != moveset.FormatSteps(moveset.Knight) {
			t.Errorf("%s: header %q %d %q %q", target, tab.Game, tab.Size, tab.Function, tab.Moves)
		}
		var b strings.Builder
		for _, row := range tab.Labels {
			b.WriteString(strings.Join(row, " ") + "\n")
		}
		if want := readFile(t, testdata("knights", "knights-8-"+f+".txt")); b.String() != want {
			t.Errorf("%s: labels\n%s\nwant\n%s", target, b.String(), want)
		}
		for r, row := range tab.Labels {
			for c, label := range row {
				want, err := strconv.Atoi(label)
				switch {
				case label == "SL":
					want, err = NumberSL, nil
				case label == "SW":
					want, err = NumberSW, nil
				}
				if err != nil || tab.Numbers[r][c] != want {
					t.Errorf("%s: (%d,%d) number %d for label %q", target, r, c, tab.Numbers[r][c], label)
				}
			}
		}
	}
	// Other steps, and the largest board.
	rec := do(t, s, "GET", "/api/table/knights?size=200&function=remoteness&moves=-1,0%3B0,-1", "")
	var tab tableResponse
	decode(t, rec, &tab)
	if rec.Code != http.StatusOK || tab.Moves != "-1,0;0,-1" || len(tab.Numbers) != 200 || tab.Numbers[199][199] != 398 {
		t.Errorf("rook steps: status %d, moves %q, corner %v", rec.Code, tab.Moves, tab.Numbers[199][199])
	}
}

// TestSequence checks GET /api/sequence against the definition and the
// published period of 0.77.
func TestSequence(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		code, canonical string
		to              int
	}{
		{"0.77", "0.77", 1000}, {".07", "0.07", 300}, {"grundy", "4!.0", 500}, {"sub:1,3,4", "", 100}, {"0.8F", "", 200},
	} {
		rec := do(t, s, "GET", "/api/sequence?code="+tc.code+"&to="+strconv.Itoa(tc.to), "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d, %s", tc.code, rec.Code, rec.Body)
		}
		var got sequenceResponse
		decode(t, rec, &got)
		g, err := heap.Parse(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		want := definition(g, tc.to)
		if len(got.Values) != tc.to {
			t.Fatalf("%s: %d values, want %d", tc.code, len(got.Values), tc.to)
		}
		largest := 0
		for n, v := range got.Values {
			if v != want[n] {
				t.Fatalf("%s: G(%d) = %d, want %d", tc.code, n, v, want[n])
			}
			largest = max(largest, int(v))
		}
		if got.Code != tc.code || (tc.canonical != "" && got.Canonical != tc.canonical) || got.Largest != largest || got.Octal != g.Octal() {
			t.Errorf("%s: summary %+v", tc.code, got)
		}
	}
	rec := do(t, s, "GET", "/api/sequence?code=0.77&to=1000", "")
	var got sequenceResponse
	decode(t, rec, &got)
	if got.Period != 12 || got.Preperiod != 71 || !got.Proven || got.Needed != 168 {
		t.Errorf("0.77: period %d from %d, proven %v with %d values; want 12 from 71, proven with 168", got.Period, got.Preperiod, got.Proven, got.Needed)
	}
	// An arithmetic period: G(n+3) = G(n) + 1 from n = 1.
	rec = do(t, s, "GET", "/api/sequence?code=0.8&to=300", "")
	got = sequenceResponse{}
	decode(t, rec, &got)
	if got.Period != 3 || got.Saltus != 1 || got.Preperiod != 1 || got.Proven {
		t.Errorf("0.8: %+v; want period 3, saltus 1, from 1, unproven", got.Summary)
	}
	// The default is 1000 heaps.
	rec = do(t, s, "GET", "/api/sequence?code=0.07", "")
	decode(t, rec, &got)
	if len(got.Values) != 1000 {
		t.Errorf("default: %d values", len(got.Values))
	}
}

// definition computes G(0..to-1) of g from its moves: the mex of the
// nim-sums of the heaps each move leaves.
func definition(g *heap.Game, to int) []uint16 {
	vals := make([]uint16, 0, to)
	for n := range to {
		seen := map[uint16]bool{}
		g.Moves(n, func(m heap.Move) bool {
			x := uint16(0)
			for _, h := range m.Left {
				x ^= vals[h]
			}
			seen[x] = true
			return true
		})
		v := uint16(0)
		for seen[v] {
			v++
		}
		vals = append(vals, v)
	}
	return vals
}

// TestCompound checks POST /api/compound under every rule against the
// library's verdict, and that every winning move it gives leaves a
// position the opponent loses.
func TestCompound(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	board, _ := moveset.NewBoard(8, 8, moveset.Knight)
	inv, err := compound.Compute(context.Background(), board)
	if err != nil {
		t.Fatal(err)
	}
	rules := append(compound.Rules(), compound.Rule{Move: compound.NotAll, End: compound.Long, Play: compound.Normal})
	words := map[byte]string{'o': "one", 'a': "all", 's': "some", 'n': "not-all", 'l': "long", 'm': "misere"}
	word := func(b byte, def string) string {
		if w, ok := words[b]; ok {
			return w
		}
		return def
	}
	sets := [][]int{{18, 37}, {0}, {63}, {18, 18}, {9, 20, 45, 63}, {1, 2}, {27, 36, 54}}
	wins := 0
	for _, rule := range rules {
		move := word(byte(rule.Move), "")
		end := map[compound.End]string{compound.Long: "long", compound.Short: "short"}[rule.End]
		play := map[compound.Play]string{compound.Normal: "normal", compound.Misere: "misere"}[rule.Play]
		for _, comps := range sets {
			strs := make([]string, len(comps))
			for i, c := range comps {
				strs[i] = strconv.Itoa(c)
			}
			body := `{"rule": {"move": "` + move + `", "end": "` + end + `", "play": "` + play + `"}, "game": {"type": "knights", "size": 8}, "components": [` + strings.Join(strs, ", ") + `]}`
			rec := do(t, s, "POST", "/api/compound", body)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d, %s", body, rec.Code, rec.Body)
			}
			var got compound.Report
			decode(t, rec, &got)
			want, err := inv.Decide(context.Background(), comps, rule)
			if err != nil {
				t.Fatal(err)
			}
			winner := map[bool]string{true: "first", false: "second"}[want.FirstWins]
			if got.Rule != rule.String() || got.Name != rule.Name() || got.Outcome != want.Outcome().String() || got.Winner != winner ||
				got.Invariant != want.Invariant || got.Combined != want.Combined || len(got.Components) != len(comps) {
				t.Errorf("%s %v: got %+v, want %+v", rule, comps, got, want)
				continue
			}
			for i, c := range got.Components {
				p := comps[i]
				if c.Position != p || c.Name != board.Name(p) || c.Value != want.Values[i] ||
					c.Grundy != inv.G[p] || c.WMisere != inv.WMisere[p].String() || c.Tame != inv.Tame[p] || c.Ended != inv.Ended[p] {
					t.Errorf("%s %v: component %d: %+v", rule, comps, i, c)
				}
			}
			m := got.WinningMove
			if m == nil {
				continue
			}
			wins++
			if !want.FirstWins {
				t.Errorf("%s %v: a winning move %+v in a lost position", rule, comps, m)
				continue
			}
			legal := false
			compound.CompoundMoves(board, comps, rule, func(next, _ []int) bool {
				legal = legal || slices.Equal(next, m.Next)
				return !legal
			})
			after, err := inv.Decide(context.Background(), m.Next, rule)
			if !legal || err != nil || after.FirstWins {
				t.Errorf("%s %v: winning move %+v: legal %v, leaves %+v (%v)", rule, comps, m, legal, after, err)
			}
			for i, p := range m.Next {
				if m.Names[i] != board.Name(p) {
					t.Errorf("%s: name %q of %d", rule, m.Names[i], p)
				}
			}
		}
	}
	if wins == 0 {
		t.Error("no winning move checked")
	}
}

// TestCompoundExamples checks hand-checked compounds: the README's knights
// example (squares given as cells) and a subtraction game.
func TestCompoundExamples(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	rec := do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "short", "play": "normal"},
		"game": {"type": "knights", "size": 8}, "components": [{"row": 2, "col": 2}, {"row": 4, "col": 5}]}`)
	var got compound.Report
	decode(t, rec, &got)
	if got.Outcome != "N" || got.Components[0].Name != "(3,3)" || got.Components[0].Value != "SW" || got.Components[1].Value != "0" ||
		got.WinningMove == nil || strings.Join(got.WinningMove.Names, " ") != "(2,1) (5,6)" || got.WinningMove.Moved[0] != 0 {
		t.Errorf("README example: %s", rec.Body)
	}
	// Subtraction {1, 3, 4}: G(7) = 0, G(5) = 3, G(3) = 1, nim-sum 2: N;
	// the first winning move takes heap 7 to 6 (G(6) = 2).
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "subtraction", "set": "1,3,4", "to": 10}, "components": [7, 5, 3]}`)
	decode(t, rec, &got)
	if got.Outcome != "N" || got.Combined != "nim-sum 2" || got.WinningMove == nil || !slices.Equal(got.WinningMove.Next, []int{6, 5, 3}) {
		t.Errorf("subtraction: %s", rec.Body)
	}
	// A lost position has no winning move: null.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "subtraction", "set": "1,3,4", "to": 10}, "components": [7]}`)
	if !strings.Contains(rec.Body.String(), `"outcome":"P","winner":"second"`) || !strings.Contains(rec.Body.String(), `"winning_move":null`) {
		t.Errorf("lost position: %s", rec.Body)
	}
}
