// Package gametest is the battery of checks that every game gets by being
// written against the game API, as testing/fstest is for file systems:
// positions round-trip through their text, moves are played by their
// descriptions, the game's fast solver agrees with the generic one, and both
// agree with a search of whole positions that uses no Sprague–Grundy theory.
package gametest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nimber/game"
	"nimber/sg"
)

// Options tune Run.
type Options struct {
	// Walks is the number of random games played from each start (default
	// 20); every position on the way is checked.
	Walks int
	// SearchLimit bounds the positions of one whole-position search; a
	// position whose search would exceed it is not searched (default
	// 20000).
	SearchLimit int
	// Seed seeds the random games.
	Seed uint64
	// Depth bounds the moves of a random game (default 200, 40 in loopy
	// games, where random play may never end).
	Depth int
}

// Run checks game g from each of the starting positions (in g's position
// format), and from the positions reached from them by random play, and
// their sums (CheckSums).
func Run(t *testing.T, g game.Game, starts []string, o Options) {
	t.Helper()
	if o.Walks == 0 {
		o.Walks = 20
	}
	if o.SearchLimit == 0 {
		o.SearchLimit = 20000
	}
	if o.Depth == 0 {
		o.Depth = 200
		if g.Info().Kind == game.Loopy {
			o.Depth = 40
		}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x67616d65))
	ctx := context.Background()
	if len(starts) > 0 {
		CheckSums(t, g, starts)
	}
	for _, text := range starts {
		pos := Parse(t, g, text)
		search := newSearch(g, o.SearchLimit)
		for w := 0; w < o.Walks; w++ {
			for p, depth := pos, 0; ; depth++ {
				moves := checkPosition(t, ctx, g, p, search)
				if len(moves) == 0 || depth >= o.Depth {
					break
				}
				p = moves[rng.IntN(len(moves))].Next
			}
		}
	}
}

// checkPosition runs every check on pos and returns its moves.
func checkPosition(t *testing.T, ctx context.Context, g game.Game, pos game.Position, search *search) []game.Move {
	t.Helper()
	text := g.Format(pos)
	again, err := g.Parse(text)
	if err != nil {
		t.Fatalf("Parse(Format(pos)) of %q: %v", text, err)
	}
	if g.Format(again) != text {
		t.Fatalf("Format(Parse(%q)) = %q, want it unchanged", text, g.Format(again))
	}
	if name := g.Name(pos); name == "" || strings.Contains(name, "\n") {
		t.Fatalf("Name of %q is %q, want one non-empty line", text, name)
	}
	fast := analyzeBoth(t, ctx, g, pos, text)
	moves, err := g.Moves(pos)
	if err != nil {
		t.Fatalf("Moves(%q): %v", text, err)
	}
	if len(moves) != len(fast.Moves) {
		t.Fatalf("%q: %d moves, but its analysis lists %d", text, len(moves), len(fast.Moves))
	}
	for i, m := range moves {
		next, played, err := g.Play(pos, m.Part, m.Text)
		if err != nil {
			t.Fatalf("%q: Play(part %d, %q): %v", text, m.Part, m.Text, err)
		}
		if g.Format(next) != g.Format(m.Next) || played.Text != m.Text {
			t.Fatalf("%q: playing %q gives %q, its move says %q", text, m.Text, g.Format(next), g.Format(m.Next))
		}
		if fast.Moves[i].Text != m.Text {
			t.Fatalf("%q: move %d is %q, its analysis says %q", text, i, m.Text, fast.Moves[i].Text)
		}
	}
	if fast.Cyclic { // positions repeat: the retrograde twin too
		CheckCyclic(t, g, []string{text})
	}
	if wins, ok := search.wins(pos, fast.Cyclic); ok {
		if wins != (fast.Outcome == sg.N) {
			t.Fatalf("%q: the search of whole positions says the player to move wins = %v, the analysis %v", text, wins, fast.Outcome)
		}
		for _, m := range fast.Moves {
			if w, ok := search.wins(m.Next, fast.Cyclic); ok && m.Winning != !w {
				t.Fatalf("%q: move %q: the search says it wins = %v, the analysis %v", text, m.Text, !w, m.Winning)
			}
		}
	}
	return moves
}

// analyzeBoth analyses pos, called name in messages, with the fast and
// the generic engine, checks that they agree and returns the fast one's.
func analyzeBoth(t *testing.T, ctx context.Context, g game.Game, pos game.Position, name string) *game.Analysis {
	t.Helper()
	fast, err := g.Analyze(ctx, pos, game.Options{})
	if err != nil {
		t.Fatalf("Analyze(%q): %v", name, err)
	}
	generic, err := g.Analyze(ctx, pos, game.Options{Engine: game.Generic})
	if err != nil {
		t.Fatalf("Analyze(%q) generic: %v", name, err)
	}
	compareAnalyses(t, name, fast, generic)
	return fast
}

// compareAnalyses checks that two engines agree on a position.
func compareAnalyses(t *testing.T, text string, a, b *game.Analysis) {
	t.Helper()
	if !a.Value.Equal(b.Value) || a.Outcome != b.Outcome || a.Remoteness != b.Remoteness || len(a.Moves) != len(b.Moves) {
		t.Fatalf("%q: fast engine value %v %v remoteness %d with %d moves; generic %v %v remoteness %d with %d moves",
			text, a.Value, a.Outcome, a.Remoteness, len(a.Moves), b.Value, b.Outcome, b.Remoteness, len(b.Moves))
	}
	for i, p := range a.Parts {
		if !p.Value.Equal(b.Parts[i].Value) {
			t.Fatalf("%q: part %d value %v (fast), %v (generic)", text, i+1, p.Value, b.Parts[i].Value)
		}
	}
	for i, m := range a.Moves {
		n := b.Moves[i]
		if m.Text != n.Text || !m.Value.Equal(n.Value) || m.Outcome != n.Outcome || m.Remoteness != n.Remoteness || m.Winning != n.Winning {
			t.Fatalf("%q: move %q: fast %v %v %d, generic %q %v %v %d", text, m.Text, m.Value, m.Outcome, m.Remoteness, n.Text, n.Value, n.Outcome, n.Remoteness)
		}
	}
}

// search decides positions by searching whole positions, straight from
// the moves: a position is won iff some move leads to a lost one. It knows
// no Grundy values and no parts. Loopy games are searched to a depth bound:
// a position is decided when it is won or lost within the bound.
type search struct {
	g     game.Game
	loopy bool
	limit int
	memo  map[string]int // 1 won, -1 lost, 0 undecided within the bound
	over  bool
}

// loopyDepth is the depth bound of the search of a loopy game.
const loopyDepth = 12

func newSearch(g game.Game, limit int) *search {
	return &search{g: g, loopy: g.Info().Kind == game.Loopy, limit: limit, memo: map[string]int{}}
}

// wins reports whether the player to move from pos wins; ok is false when
// the search would exceed its limit or, in a loopy game or from a position
// whose play can repeat (cyclic), does not decide pos within its depth
// bound.
func (s *search) wins(pos game.Position, cyclic bool) (won, ok bool) {
	if s.over {
		return false, false
	}
	depth := -1 // an acyclic game ends: search it to the end
	if s.loopy || cyclic {
		depth = loopyDepth
	}
	v := s.decide(pos, depth)
	return v > 0, v != 0 && !s.over
}

// decide decides pos by every line of at most depth moves (all lines when
// depth is negative): 1 when the player to move forces a win, -1 when the
// opponent does, 0 otherwise or when the search is over its limit.
func (s *search) decide(pos game.Position, depth int) int {
	k := s.g.Format(pos)
	if depth >= 0 {
		k += "\x00" + strconv.Itoa(depth)
	}
	if v, ok := s.memo[k]; ok {
		return v
	}
	if len(s.memo) >= s.limit {
		s.over = true
		return 0
	}
	moves, err := s.g.Moves(pos)
	if err != nil {
		s.over = true
		return 0
	}
	v := -1
	if len(moves) > 0 && depth == 0 {
		return 0
	}
	for _, m := range moves {
		v = max(v, -s.decide(m.Next, depth-1))
		if v > 0 || s.over {
			break
		}
	}
	if s.over {
		return 0
	}
	s.memo[k] = v
	return v
}

// Fuzz checks that Parse never panics on text and that whatever it accepts
// round-trips through Format.
func Fuzz(t *testing.T, g game.Game, text string) {
	t.Helper()
	pos, err := g.Parse(text)
	if err != nil {
		if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
			t.Fatalf("Parse(%q): error %q, want one line", text, msg)
		}
		return
	}
	out := g.Format(pos)
	again, err := g.Parse(out)
	if err != nil || g.Format(again) != out {
		t.Fatalf("Parse(%q) gave %q, which does not read back (%v)", text, out, err)
	}
}

// Twin is a game's exhaustive twin, written straight from its rules in the
// game's own tests: positions are values S of the twin's own, read from the
// game's text, expanded one move at a time, and keyed canonically.
type Twin[S any] struct {
	// State reads a position from the game's text.
	State func(text string) (S, error)
	// Next returns the positions one move from s, by the rules.
	Next func(s S) []S
	// Key writes s canonically: equal positions, equal keys.
	Key func(s S) string
}

// MatchTwin checks g on the positions of texts against its twin: the twin's
// win/lose search of whole positions (no Grundy values, no parts) must give
// the analysis's outcome and winning moves, and the game's moves must reach
// exactly the positions the twin's rules reach. It fails when the
// positions are all won or all lost, as the comparison would then prove
// little.
func MatchTwin[S any](t *testing.T, g game.Game, texts []string, tw Twin[S]) {
	t.Helper()
	memo := map[string]bool{}
	var wins func(s S) bool
	wins = func(s S) bool {
		k := tw.Key(s)
		if w, ok := memo[k]; ok {
			return w
		}
		w := false
		for _, n := range tw.Next(s) {
			if !wins(n) {
				w = true
				break
			}
		}
		memo[k] = w
		return w
	}
	state := func(text string) S {
		t.Helper()
		s, err := tw.State(text)
		if err != nil {
			t.Fatalf("the twin cannot read %q: %v", text, err)
		}
		return s
	}
	won := 0
	for _, text := range texts {
		a := Analyze(t, g, text)
		s := state(a.Text)
		if got, want := a.Outcome == sg.N, wins(s); got != want {
			t.Fatalf("%q: the analysis says the player to move wins = %v, the twin %v", text, got, want)
		}
		if a.Outcome == sg.N {
			won++
		}
		reached := map[string]bool{}
		for _, m := range a.Moves {
			n := state(g.Format(m.Next))
			if lost := !wins(n); m.Winning != lost {
				t.Fatalf("%q: move %q wins = %v, the twin says %v", text, m.Text, m.Winning, lost)
			}
			reached[tw.Key(n)] = true
		}
		want := map[string]bool{}
		for _, n := range tw.Next(s) {
			want[tw.Key(n)] = true
		}
		for k := range want {
			if !reached[k] {
				t.Fatalf("%q: the rules reach %s, no move of the game does", text, k)
			}
		}
		if len(want) != len(reached) {
			t.Fatalf("%q: the moves reach %d positions, the rules %d", text, len(reached), len(want))
		}
	}
	if len(texts) >= 20 && (won == 0 || won == len(texts)) {
		t.Fatalf("%d of %d positions won: the comparison proves little", won, len(texts))
	}
}

// TakeTwin is the twin of a take-away heap game, whose moves take k tokens
// from one heap of n, leaving n-k, when allowed(n, k): its positions are
// heap sizes, read from the game's text as game.HeapText writes them.
func TakeTwin(allowed func(n, k int) bool) Twin[[]int] {
	return Twin[[]int]{
		State: func(text string) ([]int, error) {
			s, err := game.HeapText{}.Parse(text)
			return s.Parts, err
		},
		Next: func(heaps []int) [][]int {
			var out [][]int
			for i, n := range heaps {
				for k := 1; k <= n; k++ {
					if allowed(n, k) {
						h := slices.Clone(heaps)
						h[i] -= k
						out = append(out, h)
					}
				}
			}
			return out
		},
		Key: func(heaps []int) string {
			return SumKey(heaps, func(n int) string {
				if n == 0 {
					return ""
				}
				return strconv.Itoa(n)
			})
		},
	}
}

// SumKey writes a sum of parts canonically, for a twin's Key: the text of
// each part, sorted, as the order of a sum's parts does not matter, and
// joined by spaces; a part whose text is "" (an empty part) is left out.
func SumKey[P any](parts []P, text func(P) string) string {
	keys := make([]string, 0, len(parts))
	for _, p := range parts {
		if k := text(p); k != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return strings.Join(keys, " ")
}

// ReadPairs reads text as fields "a,b" of two integers, as the twins of
// games whose parts are pairs of numbers read the game's text: Wythoff's
// pairs of piles, the coins (x,y) of Turning Corners.
func ReadPairs(text string) ([][2]int, error) {
	var pairs [][2]int
	for _, f := range strings.Fields(text) {
		a, b, _ := strings.Cut(f, ",")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not a pair", f)
		}
		pairs = append(pairs, [2]int{x, y})
	}
	return pairs, nil
}

// RandomHeaps returns n positions of one to most heaps, each below below,
// written "5 7 9", drawn with seed.
func RandomHeaps(seed uint64, n, most, below int) []string {
	return RandomSums(rand.New(rand.NewPCG(seed, 0x68656170)), n, most, func(rng *rand.Rand) string {
		return strconv.Itoa(rng.IntN(below))
	})
}

// RandomSums returns n positions of one to most parts, each written by
// part from rng, separated by spaces.
func RandomSums(rng *rand.Rand, n, most int, part func(rng *rand.Rand) string) []string {
	texts := make([]string, n)
	for i := range texts {
		parts := make([]string, 1+rng.IntN(most))
		for j := range parts {
			parts[j] = part(rng)
		}
		texts[i] = strings.Join(parts, " ")
	}
	return texts
}

// RandomBoard returns a random board of rows x cols cells, each a byte of
// cells drawn evenly (repeat a byte to make it likelier), rows joined by
// '|' as the board games write them.
func RandomBoard(rng *rand.Rand, rows, cols int, cells string) string {
	var b strings.Builder
	for r := range rows {
		if r > 0 {
			b.WriteByte('|')
		}
		for range cols {
			b.WriteByte(cells[rng.IntN(len(cells))])
		}
	}
	return b.String()
}

// Draw describes random boards: 1 to Rows rows (exactly one when Rows is
// 1) and 1 to Cols columns, each cell a byte of Cells drawn evenly.
type Draw struct {
	Rows, Cols int
	Cells      string
}

// Board draws a board from rng: its height, its width, then its cells.
func (d Draw) Board(rng *rand.Rand) string {
	rows := 1
	if d.Rows > 1 {
		rows += rng.IntN(d.Rows)
	}
	return RandomBoard(rng, rows, 1+rng.IntN(d.Cols), d.Cells)
}

// Pair returns a source of pairs of boards, one of a and one of b, for
// the tests of sums of two.
func Pair(rng *rand.Rand, a, b Draw) func() (string, string) {
	return func() (string, string) { return a.Board(rng), b.Board(rng) }
}

// ParseCase is a position's text, what Format and Name then write of it
// (Name unchecked when empty), or the error Parse gives (Err).
type ParseCase struct {
	In, Format, Name, Err string
}

// CheckParse checks g's Parse, Format and Name on the cases, each a named
// subtest.
func CheckParse(t *testing.T, g game.Game, cases []ParseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.In, func(t *testing.T) {
			pos, err := g.Parse(tc.In)
			if tc.Err != "" {
				if err == nil || err.Error() != tc.Err {
					t.Fatalf("Parse(%q): error %v, want %q", tc.In, err, tc.Err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.In, err)
			}
			if f := g.Format(pos); f != tc.Format {
				t.Errorf("Format(Parse(%q)) = %q, want %q", tc.In, f, tc.Format)
			}
			if n := g.Name(pos); tc.Name != "" && n != tc.Name {
				t.Errorf("Name(Parse(%q)) = %q, want %q", tc.In, n, tc.Name)
			}
		})
	}
}

// FuzzParse fuzzes g's Parse from the seed texts (Fuzz).
func FuzzParse(f *testing.F, g game.Game, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { Fuzz(t, g, s) })
}

// Known is a position whose value and winning moves are known by hand.
type Known struct {
	Position string
	Value    int
	// Wins are the winning moves, each its text, after "N: " when Parts is
	// set (N the 1-based part it is made in).
	Wins  []string
	Parts bool
}

// CheckKnown checks g's analysis of known positions, each a named subtest.
func CheckKnown(t *testing.T, g game.Game, cases []Known) {
	t.Helper()
	for _, k := range cases {
		t.Run(k.Position, func(t *testing.T) {
			a := Analyze(t, g, k.Position)
			var wins []string
			for _, m := range a.Moves {
				if !m.Winning {
					continue
				}
				if k.Parts {
					wins = append(wins, fmt.Sprintf("%d: %s", m.Part+1, m.Text))
				} else {
					wins = append(wins, m.Text)
				}
			}
			if !a.Value.Equal(game.Nimber(k.Value)) || !slices.Equal(wins, k.Wins) {
				t.Errorf("value %v, winning moves %q; want %d, %q", a.Value, wins, k.Value, k.Wins)
			}
		})
	}
}

// Parse parses text as a position of g, failing t on an error.
func Parse(t testing.TB, g game.Game, text string) game.Position {
	t.Helper()
	pos, err := g.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return pos
}

// Must returns build(arg), failing t on an error: a game, rules or
// position built from input the test fixes, such as a family's name.
func Must[A, T any](t testing.TB, build func(A) (T, error), arg A) T {
	t.Helper()
	v, err := build(arg)
	if err != nil {
		t.Fatalf("%v: %v", arg, err)
	}
	return v
}

// As returns g's capability C as of finds it (game.PartizanOf,
// game.HeapsOf, game.FamiliesOf, ...), failing t when g has none; what
// names the capability in the failure.
func As[C any](t testing.TB, g game.Game, of func(game.Game) (C, bool), what string) C {
	t.Helper()
	c, ok := of(g)
	if !ok {
		t.Fatalf("the game (%T) has no %s", g, what)
	}
	return c
}

// Moves parses text as a position of g and returns it with its moves,
// failing t on an error.
func Moves(t *testing.T, g game.Game, text string) (game.Position, []game.Move) {
	t.Helper()
	pos := Parse(t, g, text)
	moves, err := g.Moves(pos)
	if err != nil {
		t.Fatalf("Moves(%q): %v", text, err)
	}
	return pos, moves
}

// Texts returns the descriptions of moves.
func Texts(moves []game.Move) []string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.Text
	}
	return texts
}

// Analyze parses text as a position of g and analyses it, failing t on an
// error.
func Analyze(t *testing.T, g game.Game, text string) *game.Analysis {
	t.Helper()
	return AnalyzeWith(t, g, text, game.Options{})
}

// AnalyzeWith is Analyze with the options o.
func AnalyzeWith(t testing.TB, g game.Game, text string, o game.Options) *game.Analysis {
	t.Helper()
	a, err := g.Analyze(context.Background(), Parse(t, g, text), o)
	if err != nil {
		t.Fatalf("Analyze(%q): %v", text, err)
	}
	return a
}

// Accelerate returns the valuer the accelerator a prepares for the sum of
// parts, failing t on an error: the fast side of an Agree.
func Accelerate[P comparable](t testing.TB, a game.Accelerator[P], parts ...P) game.Valuer[P] {
	t.Helper()
	v, err := a.Accelerate(context.Background(), game.Sum[P]{Parts: parts})
	if err != nil {
		t.Fatalf("Accelerate(%v): %v", parts, err)
	}
	return v
}

// Agree returns the Grundy value of part p by the first valuer, failing t
// on an error or when another valuer disagrees (an accelerator, the generic
// solver, a definition).
func Agree[P comparable](t *testing.T, p P, vs ...game.Valuer[P]) int {
	t.Helper()
	var first int
	for i, v := range vs {
		x, err := v.Grundy(context.Background(), p)
		if err != nil {
			t.Fatalf("part %v, valuer %d: %v", p, i+1, err)
		}
		if i == 0 {
			first = x
		} else if x != first {
			t.Fatalf("part %v: valuer 1 says %d, valuer %d says %d", p, first, i+1, x)
		}
	}
	return first
}

// Nimber returns the Grundy value of v, failing t when v is not a Nimber.
func Nimber(t testing.TB, v game.Value) int {
	t.Helper()
	n, ok := v.Grundy()
	if !ok {
		t.Fatalf("value %v is not a Grundy value", v)
	}
	return n
}

// HeapValues checks that the position of one heap of n tokens, written
// as its number, is worth want[n] for every n, analysed with o, and
// returns the analyses.
func HeapValues(t *testing.T, g game.Game, o game.Options, want ...game.Value) []*game.Analysis {
	t.Helper()
	as := make([]*game.Analysis, len(want))
	for n, w := range want {
		a, err := g.Analyze(context.Background(), Parse(t, g, strconv.Itoa(n)), o)
		if err != nil || !a.Value.Equal(w) {
			t.Errorf("heap %d: %v, %v; want %v", n, a.Value, err, w)
		}
		as[n] = a
	}
	return as
}

// Heap returns the position of a heap of n of g, failing t when g has no
// heaps or refuses n.
func Heap(t testing.TB, g game.Game, n int) game.Position {
	t.Helper()
	return Must(t, As(t, g, game.HeapsOf, "heaps").Heap, n)
}
