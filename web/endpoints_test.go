package web

import (
	"context"
	"encoding/json"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimber/compound"
	"nimber/game"
	"nimber/games/moveset"
	"nimber/heap"
	"nimber/registry"
)

// heapInUse returns the bytes of heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestGames checks GET /api/games: every registry entry, in order, as the
// registry describes it, with what a page needs to play it.
func TestGames(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var list []registry.Info
	rec := answer(t, s, "GET", "/api/games", "", &list)
	entries := registry.Entries()
	if len(list) != len(entries) {
		t.Fatalf("%d games listed, the registry has %d", len(list), len(entries))
	}
	for i, e := range entries {
		g := list[i]
		want, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		gotJSON, _ := json.Marshal(g)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("entry %d:\n%s\nwant (registry.Entry.Info)\n%s", i, gotJSON, wantJSON)
		}
		if g.Summary == "" || g.Format == "" || g.Position == "" || g.Family != (g.Example != "") || len(g.Game.Players[0]) == 0 || g.Game.Noun == "" {
			t.Errorf("%s: incomplete entry %+v", g.Name, g)
		}
		if g.Supports.Board != (g.Game.Legend != nil) || g.Supports.Loopy != (g.Game.Kind == game.Loopy) || g.Supports.Sequences != (g.Game.Heaps && !g.Game.Repeats) {
			t.Errorf("%s: supports %+v disagree with the game's info %+v", g.Name, g.Supports, g.Game)
		}
		if g.Game.Legend != nil && !slices.ContainsFunc(g.Game.Legend, func(s game.Symbol) bool { return s.Start }) {
			t.Errorf("%s: no start character in the legend", g.Name)
		}
		// The example plays: the name a page plays it by, and its example.
		name := g.Name
		if g.Family {
			name = g.Example
		}
		rec := do(t, s, "POST", "/api/play/"+name, playBody(t, g.Position, nil, false))
		if g.Supports.Play && rec.Code != http.StatusOK {
			t.Errorf("%s: the example does not play: %d %s", name, rec.Code, rec.Body)
		}
		if !g.Supports.Play && (rec.Code != http.StatusBadRequest || strings.Count(rec.Body.String(), "\n") > 1) {
			t.Errorf("%s: a game without play answers %d %s, want a one-line 400", name, rec.Code, rec.Body)
		}
		if g.Supports.Partizan != (g.Game.Kind == game.Partizan) || (g.Supports.Partizan && g.Supports.Play) {
			t.Errorf("%s: supports %+v disagree with the game's kind %s", name, g.Supports, g.Game.Kind)
		}
	}
	for _, want := range []string{`"name":"knights:STEPS","family":true,"example":"knights"`, `"name":"CODE","family":true,"example":"0.77"`,
		`"players":["A","B"]`, `"loopy":true`, `"legend":[{"char":".","meaning":"empty cell","start":true}`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/api/games lacks %s", want)
		}
	}
	if rec := do(t, s, "GET", "/api/games?x=1", ""); rec.Code != http.StatusBadRequest {
		t.Errorf("a parameter: status %d", rec.Code)
	}
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
		var tab tableResponse
		rec := answer(t, s, "GET", target, "", &tab)
		if tab.Game != "knights" || tab.Size != 8 || tab.Function != f || tab.Moves != "" || strings.Contains(rec.Body.String(), `"moves"`) {
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
	// The seed's steps given explicitly are the default table.
	rec := do(t, s, "GET", "/api/table/knights?size=8&moves="+strings.ReplaceAll(moveset.FormatSteps(moveset.Knight), ";", "%3B"), "")
	var tab tableResponse
	decode(t, rec, &tab)
	if rec.Code != http.StatusOK || tab.Moves != moveset.FormatSteps(moveset.Knight) || strings.Join(tab.Labels[7], " ") != strings.Split(readFile(t, testdata("knights", "knights-8-grundy.txt")), "\n")[7] {
		t.Errorf("explicit knight steps: status %d, %s", rec.Code, rec.Body)
	}
	// Other steps, and the largest board.
	rec = do(t, s, "GET", "/api/table/knights?size=200&function=remoteness&moves=-1,0%3B0,-1", "")
	tab = tableResponse{}
	decode(t, rec, &tab)
	if rec.Code != http.StatusOK || tab.Moves != "-1,0;0,-1" || len(tab.Numbers) != 200 || tab.Numbers[199][199] != 398 {
		t.Errorf("rook steps: status %d, moves %q, %d rows", rec.Code, tab.Moves, len(tab.Numbers))
	}
}

// TestTableHeaps checks GET /api/table of games with heaps: row n holds the
// invariant of heap n, the Grundy values the nim-sequence.
func TestTableHeaps(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		game string
		to   int
	}{{"0.77", 40}, {"sub:1,3,4", 30}, {"grundy", 25}, {"nim", 12}, {"allbut:1,3,4", 20}} {
		var tab tableResponse
		answer(t, s, "GET", "/api/table/"+tc.game+"?to="+strconv.Itoa(tc.to), "", &tab)
		var seq sequenceResponse
		decode(t, do(t, s, "GET", "/api/sequence?code="+tc.game+"&to="+strconv.Itoa(tc.to+1), ""), &seq)
		if tab.Game != tc.game || tab.Size != tc.to+1 || len(tab.Numbers) != tc.to+1 || len(seq.Values) != tc.to+1 {
			t.Fatalf("%s: header %q size %d, %d rows, %d values", tc.game, tab.Game, tab.Size, len(tab.Numbers), len(seq.Values))
		}
		for n, row := range tab.Numbers {
			if len(row) != 1 || row[0] != seq.Values[n] || tab.Labels[n][0] != strconv.Itoa(seq.Values[n]) {
				t.Errorf("%s: heap %d: %v %v, want G = %d", tc.game, n, row, tab.Labels[n], seq.Values[n])
			}
		}
	}
	// The remoteness of a Nim heap is 1 (take it all) from 1 on.
	var tab tableResponse
	decode(t, do(t, s, "GET", "/api/table/nim?to=5&function=remoteness", ""), &tab)
	if got := tab.Labels; len(got) != 6 || got[0][0] != "0" || got[5][0] != "1" {
		t.Errorf("nim remoteness: %v", got)
	}
}

// TestSequence checks GET /api/sequence against the definition and the
// published period of 0.77, and sequences of games with heaps by name.
func TestSequence(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		code, canonical string
		to              int
	}{
		{"0.77", "0.77", 1000}, {".07", "0.07", 300}, {"grundy", "4!.0", 500}, {"sub:1,3,4", "", 100}, {"0.8F", "", 200},
	} {
		var got sequenceResponse
		answer(t, s, "GET", "/api/sequence?code="+tc.code+"&to="+strconv.Itoa(tc.to), "", &got)
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
			largest = max(largest, v)
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
	// Games with heaps by name: Nim's G(n) = n, an arithmetic period;
	// all-but {1,3,4} is computed by its own engine.
	rec = do(t, s, "GET", "/api/sequence?code=nim&to=50", "")
	got = sequenceResponse{}
	decode(t, rec, &got)
	for n, v := range got.Values {
		if v != n {
			t.Fatalf("nim: G(%d) = %d", n, v)
		}
	}
	if rec.Code != http.StatusOK || len(got.Values) != 50 || got.Canonical != "nim" || got.Period != 1 || got.Saltus != 1 || got.Largest != 49 {
		t.Errorf("nim: status %d, %+v", rec.Code, got.Summary)
	}
	rec = do(t, s, "GET", "/api/sequence?code=allbut:1,3,4&to=20", "")
	got = sequenceResponse{}
	decode(t, rec, &got)
	if want := []int{0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 3, 3, 4, 4, 5, 5, 4, 6, 5, 7}; rec.Code != http.StatusOK || !slices.Equal(got.Values, want) {
		t.Errorf("allbut:1,3,4: status %d, values %v, want %v", rec.Code, got.Values, want)
	}
}

// definition computes G(0..to-1) of g from its moves: the mex of the
// nim-sums of the heaps each move leaves.
func definition(g *heap.Code, to int) []int {
	vals := make([]int, 0, to)
	for n := range to {
		seen := map[int]bool{}
		for _, left := range g.Moves(n) {
			x := 0
			for _, h := range left {
				x ^= vals[h]
			}
			seen[x] = true
		}
		v := 0
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
	sets := [][]int{{18, 37}, {0}, {63}, {18, 18}, {9, 20, 45, 63}, {1, 2}, {27, 36, 54}}
	wins := 0
	for _, rule := range rules {
		words := strings.Split(rule.String(), "/") // move/end/play
		for _, comps := range sets {
			strs := make([]string, len(comps))
			for i, c := range comps {
				strs[i] = strconv.Itoa(c)
			}
			body := `{"rule": {"move": "` + words[0] + `", "end": "` + words[1] + `", "play": "` + words[2] + `"}, "game": {"type": "knights", "size": 8}, "components": [` + strings.Join(strs, ", ") + `]}`
			var got compound.Report
			answer(t, s, "POST", "/api/compound", body, &got)
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
// example (squares given as cells), a subtraction game, and games given by
// name with positions as text.
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
	// the first winning move takes heap 7 to 6 (G(6) = 2). Positions are
	// the heaps.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "subtraction", "set": "1,3,4", "to": 10}, "components": [7, 5, 3]}`)
	got = compound.Report{}
	decode(t, rec, &got)
	if got.Outcome != "N" || got.Combined != "nim-sum 2" || got.WinningMove == nil || !slices.Equal(got.WinningMove.Next, []int{6, 5, 3}) ||
		got.Components[0].Position != 7 || got.Components[2].Name != "3" || got.Components[1].Grundy != 3 {
		t.Errorf("subtraction: %s", rec.Body)
	}
	// A lost position has no winning move: null.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "subtraction", "set": "1,3,4", "to": 10}, "components": [7]}`)
	if !strings.Contains(rec.Body.String(), `"outcome":"P","winner":"second"`) || !strings.Contains(rec.Body.String(), `"winning_move":null`) {
		t.Errorf("lost position: %s", rec.Body)
	}
	// A game by name: the same subtraction game, its heaps as text, agrees.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "game", "name": "sub:1,3,4"}, "components": ["7", "5", "3"]}`)
	var byName compound.Report
	decode(t, rec, &byName)
	if rec.Code != http.StatusOK || byName.Outcome != "N" || byName.Combined != "nim-sum 2" || byName.WinningMove == nil ||
		strings.Join(byName.WinningMove.Names, " ") != "6 5 3" || byName.Components[1].Name != "5" {
		t.Errorf("sub:1,3,4 by name: status %d, %s", rec.Code, rec.Body)
	}
	// Kayles: a component may be a sum ("7 9"); G(5) = 4, G(7) + G(9) = 2 ^ 4.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "game", "name": "0.77"}, "components": ["5", "7 9"]}`)
	got = compound.Report{}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || got.Outcome != "N" || got.Combined != "nim-sum 2" || got.Components[0].Grundy != 4 || got.Components[1].Grundy != 6 ||
		got.Components[1].Name != "7+9" || got.WinningMove == nil {
		t.Errorf("0.77 by name: status %d, %s", rec.Code, rec.Body)
	}
	// Boards and pairs of piles: the diminished disjunctive compound of two
	// Wythoff positions, and a Bacterial Tactics board.
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "short", "play": "normal"},
		"game": {"type": "game", "name": "wythoff"}, "components": ["3,5", "2,2"]}`)
	got = compound.Report{}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || got.Outcome != "N" || got.Components[0].Value != "0" || got.Components[1].W != "SW" {
		t.Errorf("wythoff: status %d, %s", rec.Code, rec.Body)
	}
	rec = do(t, s, "POST", "/api/compound", `{"rule": {"move": "one", "end": "long", "play": "normal"},
		"game": {"type": "game", "name": "bacterial-tactics"}, "components": ["..\n.#"]}`)
	got = compound.Report{}
	decode(t, rec, &got)
	if rec.Code != http.StatusOK || got.Outcome != "P" || got.Components[0].Name != "../.#" || got.WinningMove != nil {
		t.Errorf("bacterial-tactics: status %d, %s", rec.Code, rec.Body)
	}
}

// TestMoves checks POST /api/moves/{game}: the fields of the contract for
// a heap game by its code, a board game, a loopy game (null value) and a
// rules file served by its name, and the errors.
func TestMoves(t *testing.T) {
	_, rules, err := registry.LoadRules("../examples/rules/coins.star")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newTestServer(t, Options{Rules: []*registry.Entry{rules}})
	for _, tc := range []struct {
		game, position string
		value          any // float64, or nil for a loopy game
		outcome        string
		remoteness     float64
		moves          int
	}{
		{"0.77", "1 2", 3.0, "N", 3, 3},
		{"grundy", "5", 2.0, "N", 3, 2}, // 5 splits into 1+4 (value 0) or 2+3 (value 1)
		{"coins", `"HT"`, 0.0, "P", 2, 2},
		{"boi2008-game", "A..\n...\n..B", nil, "P", 6, 2},
	} {
		var got map[string]any
		rec := answer(t, s, "POST", "/api/moves/"+tc.game, `{"position": `+strconv.Quote(tc.position)+`}`, &got)
		for _, k := range []string{"value", "outcome", "remoteness", "parts", "nim_sum_binary", "moves"} {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: no %q in %s", tc.game, k, rec.Body)
			}
		}
		moves, _ := got["moves"].([]any)
		if got["value"] != tc.value || got["outcome"] != tc.outcome || got["remoteness"] != tc.remoteness || len(moves) != tc.moves {
			t.Errorf("%s %q: value %v, outcome %v, remoteness %v, %d moves; want %v, %s, %v, %d",
				tc.game, tc.position, got["value"], got["outcome"], got["remoteness"], len(moves), tc.value, tc.outcome, tc.remoteness, tc.moves)
		}
		for _, m := range moves {
			mv := m.(map[string]any)
			for _, k := range []string{"move", "position", "value", "outcome", "remoteness", "parts"} {
				if _, ok := mv[k]; !ok {
					t.Errorf("%s: a move without %q: %v", tc.game, k, mv)
				}
			}
		}
	}
	for _, tc := range []struct{ path, body, want string }{
		{"/api/moves/0.77", `{"position": ""}`, "position is missing"},
		{"/api/moves/0.77", `{"position": "x"}`, `is not a heap size`},
		{"/api/moves/chess", `{"position": "1"}`, "chess"},
		{"/api/moves/0.77", `{"position": "1", "Position": "2"}`, "unknown field"},
	} {
		rec := do(t, s, "POST", tc.path, tc.body)
		if rec.Code < 400 || rec.Code > 404 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s %s: status %d, %s; want an error containing %q", tc.path, tc.body, rec.Code, rec.Body, tc.want)
		}
	}
}
