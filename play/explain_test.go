package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/registry"
	"nimber/registry/registrytest"
	"nimber/sg"
)

// bruteRemoteness is the normal-play remoteness of pos, searched over whole
// positions straight from the definition, with no Sprague–Grundy theory: 0
// with no move; 1 + the least even remoteness of an option when there is
// one (the winner hurries), else 1 + the largest (the loser delays).
func bruteRemoteness(t *testing.T, g game.Game, pos game.Position, memo map[string]int) int {
	key := g.Format(pos)
	if r, ok := memo[key]; ok {
		return r
	}
	moves, err := g.Moves(pos)
	if err != nil {
		t.Fatal(err)
	}
	minEven, largest := -1, -1
	for _, m := range moves {
		r := bruteRemoteness(t, g, m.Next, memo)
		if r%2 == 0 && (minEven < 0 || r < minEven) {
			minEven = r
		}
		largest = max(largest, r)
	}
	r := 0
	switch {
	case minEven >= 0:
		r = 1 + minEven
	case largest >= 0:
		r = 1 + largest
	}
	memo[key] = r
	return r
}

// randomPosition returns a random small position of a game of every kind:
// the game's name, the position's text, the game and the position.
func randomPosition(t *testing.T, rng *rand.Rand) (string, string, game.Game, game.Position) {
	t.Helper()
	name, text := explainPositions(rng)
	g := registrytest.Game(t, name)
	pos, err := g.Parse(text)
	if err != nil {
		t.Fatalf("%s %q: %v", name, text, err)
	}
	return name, text, g, pos
}

// explainPositions are random small positions of games of every kind.
func explainPositions(rng *rand.Rand) (string, string) {
	heaps := func(most int) string {
		var b []string
		for range 1 + rng.IntN(3) {
			b = append(b, fmt.Sprint(rng.IntN(most+1)))
		}
		return strings.Join(b, " ")
	}
	switch rng.IntN(6) {
	case 0:
		return "0.77", heaps(8)
	case 1:
		return "grundy", heaps(10)
	case 2:
		return "sub:1,3,4", heaps(12)
	case 3:
		return "nim", heaps(5)
	case 4:
		return "wythoff", fmt.Sprintf("%d,%d", rng.IntN(6), rng.IntN(6))
	default:
		var edges []string
		for range 1 + rng.IntN(6) {
			a, b := rng.IntN(7), rng.IntN(7)
			if a == b {
				edges = append(edges, fmt.Sprintf("v%d", a))
			} else {
				edges = append(edges, fmt.Sprintf("v%d-v%d", a, b))
			}
		}
		return "node-kayles", strings.Join(edges, " ")
	}
}

// TestExplainAgainstBruteForce checks Explain on random positions against
// a search of whole positions: the remoteness of the position and of every
// move, the outcome by its parity, every legal move once, and the values
// as nim-sums of the parts listed.
func TestExplainAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	ctx := context.Background()
	for trial := range trials(600) {
		name, text, g, pos := randomPosition(t, rng)
		e, err := Explain(ctx, g, pos, game.Options{}, 0)
		if err != nil {
			t.Fatalf("%s %q: %v", name, text, err)
		}
		memo := map[string]int{}
		where := fmt.Sprintf("trial %d, %s %q", trial, name, text)
		checkExplained(t, where, e.Value, e.Outcome, e.Remoteness, partsOf(e.Parts), bruteRemoteness(t, g, pos, memo))
		checkOptions(t, where, e)
		if v, _ := e.Value.Grundy(); *e.NimSumBinary != fmt.Sprintf("%b", v) {
			t.Errorf("%s: nim_sum_binary %q, value %v", where, *e.NimSumBinary, e.Value)
		}
		moves, _ := g.Moves(pos)
		if len(e.Moves) != len(moves) {
			t.Fatalf("%s: %d moves explained, %d legal", where, len(e.Moves), len(moves))
		}
		for i, m := range e.Moves {
			if m.Part != moves[i].Part || m.Text != moves[i].Text || m.Position != g.Format(moves[i].Next) {
				t.Fatalf("%s: move %d is %+v, want %q in part %d", where, i, m.Choice, moves[i].Text, moves[i].Part)
			}
			checkExplained(t, fmt.Sprintf("%s, move %q", where, m.Text), m.Value, m.Outcome, m.Remoteness, m.Parts,
				bruteRemoteness(t, g, moves[i].Next, memo))
			if m.Winning != (m.Outcome == "P") {
				t.Errorf("%s, move %q: winning %v, outcome %s", where, m.Text, m.Winning, m.Outcome)
			}
		}
	}
}

// checkOptions checks each part's options against the moves: the values
// the moves in the part leave it with (the nim-sum of the parts the move
// leaves in its place, as listed), and the part's value as their mex.
func checkOptions(t *testing.T, where string, e *Explanation) {
	t.Helper()
	want := make([]map[int]bool, len(e.Parts))
	for i := range want {
		want[i] = map[int]bool{}
	}
	for _, m := range e.Moves {
		v := 0
		for k, p := range m.Parts {
			if k >= m.Part && k < len(m.Parts)-(len(e.Parts)-1-m.Part) {
				v ^= gametest.Nimber(t, p.Value)
			}
		}
		want[m.Part][v] = true
	}
	for i, p := range e.Parts { // the moves of one of equal parts are listed
		for j := range i {
			if e.Parts[j].Position == p.Position && len(want[i]) == 0 {
				want[i] = want[j]
			}
		}
	}
	for i, p := range e.Parts {
		if len(p.Options) != len(want[i]) {
			t.Errorf("%s, part %d: options %v, the moves leave %v", where, i+1, p.Options, want[i])
		}
		for _, v := range p.Options {
			if !want[i][v] {
				t.Errorf("%s, part %d: option value %d is left by no move", where, i+1, v)
			}
		}
		if mex := sg.Mex(p.Options...); mex != gametest.Nimber(t, p.Value) {
			t.Errorf("%s, part %d: value %v, mex of options %v is %d", where, i+1, p.Value, p.Options, mex)
		}
	}
}

// checkExplained compares an explained position with the brute-force
// remoteness r: equal remoteness, P exactly when r is even, a value that
// is zero exactly then and the nim-sum of the parts.
func checkExplained(t *testing.T, where string, value game.Value, outcome string, remoteness *int, parts []Part, r int) {
	t.Helper()
	if remoteness == nil || *remoteness != r {
		t.Fatalf("%s: remoteness %v, brute force %d", where, remoteness, r)
	}
	if want := map[bool]string{true: "P", false: "N"}[r%2 == 0]; outcome != want {
		t.Fatalf("%s: outcome %s, brute-force remoteness %d", where, outcome, r)
	}
	sum := 0
	for _, p := range parts {
		sum ^= gametest.Nimber(t, p.Value)
	}
	if v, ok := value.Grundy(); !ok || v != sum || (v == 0) != (r%2 == 0) {
		t.Fatalf("%s: value %v, parts %v, brute-force remoteness %d", where, value, parts, r)
	}
}

// TestExplainBeyondLimit checks that a position whose reachable positions
// exceed the limit is still explained, with a null remoteness.
func TestExplainBeyondLimit(t *testing.T) {
	e := explainText(t, "0.77", "30 31 32", 100)
	if e.Remoteness != nil || !e.Value.Known() || len(e.Moves) == 0 || e.Moves[0].Remoteness != nil {
		t.Errorf("beyond the limit: remoteness %v, value %v, %d moves", e.Remoteness, e.Value, len(e.Moves))
	}
}

// TestExplainLoopy checks a loopy game's explanation: outcomes and
// remoteness from the retrograde analysis, no values.
func TestExplainLoopy(t *testing.T) {
	e := explainText(t, "boi2008-game", "A..\n...\n..B", 0)
	if e.Value.Known() || e.NimSumBinary != nil || e.Remoteness == nil || len(e.Moves) == 0 {
		t.Fatalf("loopy: %+v", e)
	}
	for _, m := range e.Moves {
		if m.Remoteness == nil || m.Value.Known() || m.Winning != (m.Outcome == "P") {
			t.Errorf("loopy move %+v", m)
		}
	}
}

// TestExplainRulesFile checks Explain on the games of rules files (a string
// game that splits, a heap game) against the brute force.
func TestExplainRulesFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	for _, file := range []string{"coins", "kayles"} {
		g, _, err := registry.LoadRules("../examples/rules/" + file + ".star")
		if err != nil {
			t.Fatal(err)
		}
		for range trials(60) {
			text := fmt.Sprint(rng.IntN(9))
			if file == "coins" {
				b := make([]byte, 1+rng.IntN(7))
				for i := range b {
					b[i] = "HT"[rng.IntN(2)]
				}
				text = fmt.Sprintf("%q", b)
			}
			pos, err := g.Parse(text)
			if err != nil {
				t.Fatalf("%s %s: %v", file, text, err)
			}
			e, err := Explain(context.Background(), g, pos, game.Options{}, 0)
			if err != nil {
				t.Fatalf("%s %s: %v", file, text, err)
			}
			memo := map[string]int{}
			checkExplained(t, file+" "+text, e.Value, e.Outcome, e.Remoteness, partsOf(e.Parts), bruteRemoteness(t, g, pos, memo))
			for i, m := range e.Moves {
				moves, _ := g.Moves(pos)
				checkExplained(t, fmt.Sprintf("%s %s, move %d", file, text, i), m.Value, m.Outcome, m.Remoteness, m.Parts,
					bruteRemoteness(t, g, moves[i].Next, memo))
			}
		}
	}
}

// TestReplyProlongs checks that the engine, in a lost position, plays a
// move after which the game lasts longest (the option of largest
// remoteness, by the brute force), on random positions.
func TestReplyProlongs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 3))
	lost := 0
	for range trials(600) {
		name, text, g, pos := randomPosition(t, rng)
		moves, _ := g.Moves(pos)
		memo := map[string]int{}
		if len(moves) == 0 || bruteRemoteness(t, g, pos, memo)%2 != 0 {
			continue // over, or won
		}
		lost++
		longest := 0
		for _, m := range moves {
			longest = max(longest, bruteRemoteness(t, g, m.Next, memo))
		}
		s, reply, err := ReplayAndReply(context.Background(), g, text, nil, game.Options{})
		if err != nil || reply == nil {
			t.Fatalf("%s %q: %v, reply %v", name, text, err, reply)
		}
		after, err := g.Parse(s.Position)
		if err != nil {
			t.Fatal(err)
		}
		if r := bruteRemoteness(t, g, after, memo); r != longest {
			t.Errorf("%s %q: the engine played %q, leaving remoteness %d; the longest line has %d", name, text, reply.Text, r, longest)
		}
	}
	if lost < trials(20) {
		t.Errorf("only %d lost positions tried", lost)
	}
}

// explainText explains the position text of the registered game name,
// exploring at most limit positions.
func explainText(t *testing.T, name, text string, limit int) *Explanation {
	t.Helper()
	g := registrytest.Game(t, name)
	pos, err := g.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Explain(context.Background(), g, pos, game.Options{}, limit)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
