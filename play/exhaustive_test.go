package play

// The proof of the package: on thousands of random small boards, after a
// random sequence of legal moves, Replay's analysis of the position reached
// (display board, legal moves, outcome, winning moves, game over, winner)
// is compared with the slow whole-board search of rules_test.go.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"nimber/games/moveset"
)

// trials returns n, or n/8 in -short mode.
func trials(n int) int {
	if testing.Short() {
		return max(n/8, 1)
	}
	return n
}

// randomBoard returns rows x cols cells, each marked with probability
// density, else blank.
func randomBoard(rng *rand.Rand, rows, cols int, density float64, blank, marked byte) []string {
	out := make([]string, rows)
	for r := range out {
		row := make([]byte, cols)
		for c := range row {
			row[c] = blank
			if rng.Float64() < density {
				row[c] = marked
			}
		}
		out[r] = string(row)
	}
	return out
}

// walk plays a random game of the rules from start, up to maxMoves moves,
// and returns a random prefix of it (each length alike) with the position
// reached: most positions are then in the middle of a game.
func walk(rng *rand.Rand, start rulesPos, maxMoves int) ([]Move, rulesPos) {
	var moves []Move
	path := []rulesPos{start}
	for len(moves) < maxMoves {
		ms, next := allMoves(path[len(path)-1])
		if len(ms) == 0 {
			break
		}
		k := rng.IntN(len(ms))
		moves, path = append(moves, ms[k]), append(path, next[k])
	}
	n := rng.IntN(len(path))
	return moves[:n], path[n]
}

// stats counts what the comparisons covered.
type stats struct {
	trials, over, won, lost, moves int
}

func (s *stats) log(t *testing.T) {
	t.Logf("%d positions compared (%d moves replayed): %d won, %d lost (%d of them over)", s.trials, s.moves, s.won, s.lost, s.over)
}

// compareImpartial replays moves from board and compares the position with
// the rules' position p, analysed by s.
func compareImpartial(t *testing.T, st *stats, game string, board []string, moves []Move, p rulesPos, s *search, opts ReplayOptions) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s, board\n%s\nmoves %v: %s", game, strings.Join(board, "\n"), moves, fmt.Sprintf(format, args...))
	}
	got, err := ReplayWithOptions(t.Context(), game, board, moves, opts)
	if err != nil {
		fail("Replay: %v", err)
	}
	st.trials++
	st.moves += len(moves)
	if want := p.board(); !slices.Equal(got.Board, want) {
		fail("display board\n%s\nwant\n%s", strings.Join(got.Board, "\n"), strings.Join(want, "\n"))
	}
	legal, next := allMoves(p)
	var winning []Move
	for k, n := range next {
		if !s.wins(n) {
			winning = append(winning, legal[k])
		}
	}
	won := s.wins(p)
	if won {
		st.won++
	} else {
		st.lost++
	}
	wantOutcome := OutcomeP
	if won {
		wantOutcome = OutcomeN
	}
	toMove := First
	if len(moves)%2 == 1 {
		toMove = Second
	}
	switch {
	case !equalMoves(got.Legal, legal):
		fail("legal moves %v, want %v", got.Legal, legal)
	case got.Outcome != wantOutcome:
		fail("outcome %s, want %s", got.Outcome, wantOutcome)
	case !equalMoves(got.Winning, winning):
		fail("winning moves %v, want %v", got.Winning, winning)
	case got.Grundy == nil || (*got.Grundy != 0) != won:
		fail("Grundy %v with outcome %s", got.Grundy, wantOutcome)
	case got.ToMove != toMove:
		fail("to move %q, want %q", got.ToMove, toMove)
	case got.Over != (len(legal) == 0):
		fail("over %v with %d legal moves", got.Over, len(legal))
	case got.Over && got.Winner != otherPlayer(toMove):
		fail("winner %q, want %q", got.Winner, otherPlayer(toMove))
	case !got.Over && got.Winner != "":
		fail("winner %q before the end", got.Winner)
	case len(got.Moves) != len(moves):
		fail("%d moves recorded, want %d", len(got.Moves), len(moves))
	}
	if got.Over {
		st.over++
	}
}

// equalMoves compares move lists, treating nil and empty alike.
func equalMoves(a, b []Move) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

// TestBacterialMatchesRules compares Replay with the rules of Bacterial
// Tactics on random boards up to 5 x 5.
func TestBacterialMatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var st stats
	for range trials(3000) {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		board := randomBoard(rng, rows, cols, []float64{0, 0.05, 0.1, 0.2, 0.4}[rng.IntN(5)], '.', '#')
		start := &bactPos{rows, cols, splitRows(board)}
		moves, p := walk(rng, start, rows*cols)
		compareImpartial(t, &st, "bacterial-tactics", board, moves, p, newSearch(), ReplayOptions{})
	}
	st.log(t)
}

// TestInventorMatchesRules compares Replay with the rules of Inventor
// Outlasting on random boards up to 5 x 5.
func TestInventorMatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	var st stats
	for range trials(3000) {
		rows, cols := 1+rng.IntN(5), 1+rng.IntN(5)
		board := randomBoard(rng, rows, cols, []float64{0.3, 0.5, 0.7, 0.9, 1}[rng.IntN(5)], '.', 'X')
		start := &invPos{rows, cols, splitRows(board)}
		moves, p := walk(rng, start, rows*cols)
		compareImpartial(t, &st, "inventor-outlasting", board, moves, p, newSearch(), ReplayOptions{})
	}
	st.log(t)
}

// TestCAOS3MatchesRules compares Replay with the rules of CAOS3 on random
// maps from 1 x 1 to 9 x 9, most at least 5 x 5: a monster needs arms of
// two cells.
func TestCAOS3MatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var st stats
	monsters := 0
	for range trials(2000) {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(9)
		if rng.IntN(8) > 0 {
			rows, cols = 5+rng.IntN(5), 5+rng.IntN(5)
		}
		board := randomBoard(rng, rows, cols, []float64{0, 0, 0.02, 0.05, 0.1}[rng.IntN(5)], '^', '#')
		cells := splitRows(board)
		start := &caosPos{rows, cols, cells, caosMonsters(rows, cols, cells)}
		for _, m := range start.monster {
			if m {
				monsters++
			}
		}
		moves, p := walk(rng, start, 20)
		compareImpartial(t, &st, "caos3", board, moves, p, newSearch(), ReplayOptions{})
	}
	st.log(t)
	t.Logf("%d monsters in all", monsters)
}

// TestKnightsMatchesRules compares Replay with the rules of tokens moving by
// the seed's knight steps, and by other step sets, on random boards up to
// 6 x 6 with up to four tokens.
func TestKnightsMatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	stepSets := [][]moveset.Step{nil} // nil: the knight
	for _, s := range []string{"-1,0;0,-1", "-1,-1;-2,0;0,-3;1,-1"} {
		steps, err := moveset.ParseSteps(s)
		if err != nil {
			t.Fatal(err)
		}
		stepSets = append(stepSets, steps)
	}
	var st stats
	for range trials(3000) {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		if rng.IntN(4) > 0 {
			rows, cols = 3+rng.IntN(4), 3+rng.IntN(4)
		}
		board := randomBoard(rng, rows, cols, 0, '.', 'K')
		for range 1 + rng.IntN(4) {
			r, c := rng.IntN(rows), rng.IntN(cols)
			board[r] = board[r][:c] + "K" + board[r][c+1:]
		}
		steps := stepSets[rng.IntN(len(stepSets))]
		start := &tokensPos{rows, cols, make([]int, rows*cols), steps}
		if steps == nil {
			start.steps = moveset.Knight
		}
		for i, ch := range splitRows(board) {
			if ch == 'K' {
				start.count[i] = 1
			}
		}
		moves, p := walk(rng, start, 20)
		compareImpartial(t, &st, "knights", board, moves, p, newSearch(), ReplayOptions{Steps: steps})
	}
	st.log(t)
}

// boiValid reports whether a board has one A and one B joined by white
// squares.
func boiValid(n int, cells []byte) bool {
	a, b := -1, -1
	for i, ch := range cells {
		switch {
		case ch == 'A' && a < 0:
			a = i
		case ch == 'B' && b < 0:
			b = i
		case ch == 'A' || ch == 'B':
			return false
		}
	}
	if a < 0 || b < 0 {
		return false
	}
	g := &boiRules{n: n, cells: cells}
	seen := map[int]bool{a: true}
	for queue := []int{a}; len(queue) > 0; queue = queue[1:] {
		for _, j := range g.steps(queue[0]) {
			if !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return seen[b]
}

// randomBOI returns an n x n board with black squares of the given density
// and A and B on two random distinct squares.
func randomBOI(rng *rand.Rand, n int, density float64) []string {
	cells := splitRows(randomBoard(rng, n, n, density, '.', '#'))
	a := rng.IntN(n * n)
	b := rng.IntN(n*n - 1)
	if b >= a {
		b++
	}
	cells[a], cells[b] = 'A', 'B'
	return joinRows(cells, n)
}

// TestBOIMatchesRules compares Replay with the rules of BOI 2008 on random
// boards from 2 x 2 to 5 x 5, after random sequences of moves that include
// the extra steps: outcome (draws included), winning and drawing moves,
// legal moves, display, player to move, end and winner. Boards the rules
// refuse must be refused with a *BoardError.
func TestBOIMatchesRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var st stats
	refused, draws, pending := 0, 0, 0
	for range trials(3000) {
		n := 2 + rng.IntN(4)
		board := randomBOI(rng, n, []float64{0, 0.1, 0.2, 0.3, 0.4}[rng.IntN(5)])
		cells := splitRows(board)
		if !boiValid(n, cells) {
			refused++
			var be *BoardError
			if _, err := Replay(t.Context(), "boi2008-game", board, nil); !errors.As(err, &be) {
				t.Fatalf("board\n%s\nis invalid; Replay error %v, want a *BoardError", strings.Join(board, "\n"), err)
			}
			continue
		}
		g := &boiRules{n: n, cells: cells, starts: [2]int{slices.Index(cells, 'A'), slices.Index(cells, 'B')}}
		// A random game that mostly avoids the steps that end it, cut at a
		// random length.
		p := boiPos{sq: g.starts}
		path, moves := []boiPos{p}, []Move(nil)
		for len(moves) < 40 {
			ms, next := g.moves(p)
			if len(ms) == 0 {
				break
			}
			i := rng.IntN(len(ms))
			for tries := 0; next[i].over && tries < 8; tries++ {
				i = rng.IntN(len(ms))
			}
			moves, p = append(moves, ms[i]), next[i]
			path = append(path, p)
		}
		k := rng.IntN(len(path))
		moves, p = moves[:k], path[k]
		if p.pending {
			pending++
		}
		compareBOI(t, &st, g, board, moves, p)
		if v := g.values(p)[p]; v == draw {
			draws++
		}
	}
	st.log(t)
	t.Logf("%d invalid boards refused, %d drawn positions, %d owing the extra step", refused, draws, pending)
}

// compareBOI replays moves from board and compares the position with the
// rules' position p.
func compareBOI(t *testing.T, st *stats, g *boiRules, board []string, moves []Move, p boiPos) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("board\n%s\nmoves %v: %s", strings.Join(board, "\n"), moves, fmt.Sprintf(format, args...))
	}
	got, err := Replay(t.Context(), "boi2008-game", board, moves)
	if err != nil {
		fail("Replay: %v", err)
	}
	st.trials++
	st.moves += len(moves)
	if want := g.board(p); !slices.Equal(got.Board, want) {
		fail("display board\n%s\nwant\n%s", strings.Join(got.Board, "\n"), strings.Join(want, "\n"))
	}
	val := g.values(p)
	legal, next := g.moves(p)
	var winning, drawing []Move
	for k, q := range next {
		switch valueFor(val, q, p.mover) {
		case win:
			winning = append(winning, legal[k])
		case draw:
			drawing = append(drawing, legal[k])
		}
	}
	wantOutcome := map[result]string{win: OutcomeN, loss: OutcomeP, draw: OutcomeD}[val[p]]
	switch val[p] {
	case win:
		st.won++
	case loss:
		st.lost++
	}
	if wantOutcome != OutcomeD {
		drawing = nil
	}
	players := []string{"A", "B"}
	// Winning is ordered by remoteness: compare it as a set, in Legal's
	// order.
	gotWinning := slices.Clone(got.Winning)
	slices.SortFunc(gotWinning, func(x, y Move) int { return (x.Row*g.n + x.Col) - (y.Row*g.n + y.Col) })
	switch {
	case !equalMoves(got.Legal, legal):
		fail("legal moves %v, want %v", got.Legal, legal)
	case got.Outcome != wantOutcome:
		fail("outcome %s, want %s", got.Outcome, wantOutcome)
	case !equalMoves(gotWinning, winning):
		fail("winning moves %v, want %v", got.Winning, winning)
	case !equalMoves(got.Drawing, drawing):
		fail("drawing moves %v, want %v", got.Drawing, drawing)
	case got.Grundy != nil:
		fail("Grundy %d in a partizan game", *got.Grundy)
	case got.ToMove != players[p.mover]:
		fail("to move %q, want %q", got.ToMove, players[p.mover])
	case got.Over != p.over:
		fail("over %v, want %v", got.Over, p.over)
	case p.over && got.Winner != players[1-p.mover]:
		fail("winner %q, want %q", got.Winner, players[1-p.mover])
	case !p.over && got.Winner != "":
		fail("winner %q before the end", got.Winner)
	}
	if got.Over {
		st.over++
	}
}
