package play

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"nimber/games/grid"
	"nimber/games/moveset"
)

func TestGames(t *testing.T) {
	want := []string{"bacterial-tactics", "boi2008-game", "caos3", "inventor-outlasting", "knights"}
	if got := Games(); !slices.Equal(got, want) {
		t.Errorf("Games() = %v, want %v", got, want)
	}
}

func rowsOf(n int, row string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = row
	}
	return out
}

// TestBoardErrors checks the one-line errors for bad start boards and
// unknown games.
func TestBoardErrors(t *testing.T) {
	big := rowsOf(MaxSide+1, strings.Repeat(".", 3))
	wide := []string{strings.Repeat(".", MaxSide+1)}
	boiBig := rowsOf(MaxSideBOI+1, strings.Repeat(".", MaxSideBOI+1))
	boiBig[0] = "A" + boiBig[0][1:]
	boiBig[1] = "B" + boiBig[1][1:]
	for _, c := range []struct {
		game  string
		board []string
		want  string
	}{
		{"chess", []string{"."}, `unknown game "chess" (one of bacterial-tactics, boi2008-game, caos3, inventor-outlasting, knights)`},
		{"bacterial-tactics", nil, "empty board: no rows"},
		{"bacterial-tactics", []string{""}, "row 1: empty row"},
		{"bacterial-tactics", []string{"...", ".."}, "row 2: row has 2 cells, row 1 has 3"},
		{"bacterial-tactics", []string{"..", ".x"}, `row 2, column 2: character 'x' is not one of ".#"`},
		{"bacterial-tactics", []string{"é."}, `row 1, column 1: character 'é' is not one of ".#"`},
		{"bacterial-tactics", []string{"..", ". "}, `row 2, column 2: character ' ' is not one of ".#"`},
		{"bacterial-tactics", big, "board has 41 rows, limit 40"},
		{"bacterial-tactics", wide, "row 1: row has 41 cells, limit 40"},
		{"inventor-outlasting", []string{"X#"}, `row 1, column 2: character '#' is not one of "X."`},
		{"caos3", []string{"^^", "^."}, `row 2, column 2: character '.' is not one of "^#"`},
		{"knights", []string{"..", ".k"}, `row 2, column 2: character 'k' is not one of ".K"`},
		{"boi2008-game", []string{"A.B"}, "board is 1 x 3, want n x n with n >= 2"},
		{"boi2008-game", []string{"A.", ".."}, "no B on the board"},
		{"boi2008-game", []string{"A.", "AB"}, "row 2, column 1: second A (the first is at row 1, column 1)"},
		{"boi2008-game", []string{"A.#", ".#.", "#.B"}, "row 3, column 3: B cannot be reached from A through white squares"},
		{"boi2008-game", []string{"A.", ".C"}, `row 2, column 2: character 'C' is not one of ".#AB"`},
		{"boi2008-game", boiBig, "board has 33 rows, limit 32"},
	} {
		_, err := Replay(t.Context(), c.game, c.board, nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %q: error %v\nwant %s", c.game, c.board, err, c.want)
			continue
		}
		var be *BoardError
		var ue *UnknownGameError
		if !errors.As(err, &be) && !errors.As(err, &ue) {
			t.Errorf("%s %q: error %T, want *BoardError or *UnknownGameError", c.game, c.board, err)
		}
	}
}

// TestMoveErrors checks the one-line errors for illegal moves, which name
// the move by its number and cell, 1-based.
func TestMoveErrors(t *testing.T) {
	to := func(r, c int) *Cell { return &Cell{r, c} }
	for _, c := range []struct {
		game  string
		board []string
		moves []Move
		want  string
	}{
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: 3, Col: 0, Colony: "H"}},
			"move 1 (row 4, column 1): not on the 3 x 3 board"},
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: -1, Col: 0, Colony: "H"}},
			"move 1 (row 0, column 1): not on the 3 x 3 board"},
		{"bacterial-tactics", []string{"..."}, []Move{{Row: math.MaxInt, Col: math.MinInt, Colony: "H"}},
			"move 1 (row 9223372036854775808, column -9223372036854775807): not on the 1 x 3 board"},
		{"bacterial-tactics", []string{"..."}, []Move{{Row: 0, Col: 0}},
			`move 1 (row 1, column 1): colony must be "H" or "V", got ""`},
		{"bacterial-tactics", []string{"..."}, []Move{{Row: 0, Col: 0, Colony: "h"}},
			`move 1 (row 1, column 1): colony must be "H" or "V", got "h"`},
		{"bacterial-tactics", []string{"..."}, []Move{{Row: 0, Col: 0, Colony: "H", To: to(0, 1)}},
			"move 1 (row 1, column 1): a destination (to) is only for knights"},
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: 1, Col: 1, Colony: "H"}},
			"move 1 (row 2, column 2): cell is radioactive"},
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: 1, Col: 0, Colony: "H"}},
			"move 1 (row 2, column 1): an H colony here would reach the radioactive cell at row 2, column 2 and mutate"},
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: 0, Col: 1, Colony: "V"}},
			"move 1 (row 1, column 2): a V colony here would reach the radioactive cell at row 2, column 2 and mutate"},
		{"bacterial-tactics", []string{"..#..", ".....", "....."}, []Move{{Row: 1, Col: 2, Colony: "H"}, {Row: 0, Col: 4, Colony: "V"}, {Row: 0, Col: 3, Colony: "H"}},
			"move 3 (row 1, column 4): an H colony here would reach the radioactive cell at row 1, column 3 and mutate"},
		{"bacterial-tactics", []string{"...", ".#.", "..."}, []Move{{Row: 0, Col: 1, Colony: "H"}, {Row: 2, Col: 1, Colony: "H"}, {Row: 0, Col: 2, Colony: "V"}},
			"move 3 (row 1, column 3): cell already infected"},
		{"inventor-outlasting", []string{"X.X", ".X.", "X.X"}, []Move{{Row: 0, Col: 1}},
			"move 1 (row 1, column 2): not a building spot"},
		{"inventor-outlasting", []string{"X.X", ".X.", "X.X"}, []Move{{Row: 1, Col: 1}, {Row: 2, Col: 2}},
			"move 2 (row 3, column 3): cell already occupied"},
		{"inventor-outlasting", []string{"X.X"}, []Move{{Row: 0, Col: 0, Colony: "H"}},
			"move 1 (row 1, column 1): a colony is only for bacterial-tactics"},
		{"caos3", rowsOf(5, "^^^^^"), []Move{{Row: 1, Col: 2}},
			"move 1 (row 2, column 3): no monster on this cell (each of its four arms of '^' cells must be at least 2 long)"},
		{"caos3", []string{"^^^^^", "^^^^^", "^^^^^", "^^^^^", "#^^^^"}, []Move{{Row: 4, Col: 0}},
			"move 1 (row 5, column 1): cell is a wall"},
		{"caos3", rowsOf(6, "^^^^^^"), []Move{{Row: 2, Col: 2}, {Row: 3, Col: 2}},
			"move 2 (row 4, column 3): cell is under lava"},
		{"knights", []string{"...", "...", "..K"}, []Move{{Row: 0, Col: 0, To: to(0, 0)}},
			"move 1 (row 1, column 1): no token on this square"},
		{"knights", []string{"...", "...", "..K"}, []Move{{Row: 2, Col: 2}},
			"move 1 (row 3, column 3): missing the destination (to) of the token"},
		{"knights", []string{"...", "...", "..K"}, []Move{{Row: 2, Col: 2, To: to(8, 0)}},
			"move 1 (row 3, column 3): destination row 9, column 1 is not on the 3 x 3 board"},
		{"knights", []string{"...", "...", "..K"}, []Move{{Row: 2, Col: 2, To: to(1, 1)}},
			"move 1 (row 3, column 3): row 2, column 2 is not one step away (steps 1,-2;-1,-2;-2,1;-2,-1)"},
		{"knights", []string{"...", "...", "..K"}, []Move{{Row: 2, Col: 2, To: to(1, 0)}, {Row: 2, Col: 2, To: to(1, 0)}},
			"move 2 (row 3, column 3): no token on this square"},
		{"boi2008-game", []string{"A.", ".B"}, []Move{{Row: 1, Col: 1}},
			"move 1 (row 2, column 2): not a step from row 1, column 1, where A's piece stands"},
		{"boi2008-game", []string{"A#", ".B"}, []Move{{Row: 0, Col: 1}},
			"move 1 (row 1, column 2): square is black"},
		{"boi2008-game", []string{"A.", ".B"}, []Move{{Row: 0, Col: 1}, {Row: 0, Col: 0}},
			"move 2 (row 1, column 1): not a step from row 2, column 2, where B's piece stands"},
		{"boi2008-game", []string{"AB", ".."}, []Move{{Row: 0, Col: 1}, {Row: 0, Col: 0}},
			"move 2 (row 1, column 1): the game is over: A has won"},
		{"boi2008-game", []string{"A.", ".B"}, []Move{{Row: 0, Col: 1, To: to(0, 0)}},
			"move 1 (row 1, column 2): a destination (to) is only for knights"},
	} {
		_, err := Replay(t.Context(), c.game, c.board, c.moves)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s %q, moves %v: error %v\nwant %s", c.game, c.board, c.moves, err, c.want)
			continue
		}
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s: error %T, want *MoveError", c.game, err)
		} else if me.Number < 1 || me.Number > len(c.moves) {
			t.Errorf("%s: MoveError.Number = %d", c.game, me.Number)
		}
	}
}

// TestOtherErrors checks the limits on moves and step sets, and the
// context.
func TestOtherErrors(t *testing.T) {
	moves := make([]Move, MaxMoves+1)
	if _, err := Replay(t.Context(), "knights", []string{"K"}, moves); err == nil || err.Error() != "10001 moves, limit 10000" {
		t.Errorf("too many moves: error %v", err)
	}
	cyclic := []moveset.Step{{DR: 0, DC: 1}, {DR: 0, DC: -1}}
	_, err := ReplayWithOptions(t.Context(), "knights", []string{"K.."}, nil, ReplayOptions{Steps: cyclic})
	if err == nil || !strings.HasPrefix(err.Error(), "knights: steps 0,1;0,-1 allow cycles") || strings.Contains(err.Error(), "\n") {
		t.Errorf("cyclic steps: error %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, game := range Games() {
		board := map[string][]string{
			"bacterial-tactics": {"..."}, "boi2008-game": {"A.", ".B"}, "caos3": {"^"},
			"inventor-outlasting": {"X"}, "knights": {"K"},
		}[game]
		if _, err := Replay(ctx, game, board, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled context: error %v", game, err)
		}
	}
}

// TestDisplay checks the display alphabet on hand-made games.
func TestDisplay(t *testing.T) {
	for _, c := range []struct {
		game  string
		board []string
		moves []Move
		want  []string
	}{
		{"bacterial-tactics", []string{"....", "..#.", "...."}, []Move{{Row: 0, Col: 1, Colony: "V"}, {Row: 0, Col: 3, Colony: "H"}},
			[]string{".V-H", ".|#.", ".|.."}},
		{"inventor-outlasting", []string{"X...", ".X..", "..X.", "...X"}, []Move{{Row: 1, Col: 1}},
			[]string{"\\./.", ".A..", "/.\\.", "...\\"}},
		{"caos3", rowsOf(5, "^^^^^"), []Move{{Row: 2, Col: 2}},
			[]string{"^^|^^", "^^|^^", "--O--", "^^|^^", "^^|^^"}},
		{"knights", []string{"K..", "...", "K.K"}, []Move{{Row: 2, Col: 2, To: &Cell{0, 1}}, {Row: 2, Col: 0, To: &Cell{0, 1}}},
			[]string{"K2.", "...", "..."}},
		{"boi2008-game", []string{"A..", "...", "..B"}, []Move{{Row: 0, Col: 1}, {Row: 1, Col: 2}},
			[]string{"Aa.", "..b", "..B"}},
		// A lands on B and owes the extra step: both pieces on one square.
		{"boi2008-game", []string{".A.", "...", "..B"}, []Move{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 2}},
			[]string{".A.", "..*", "..B"}},
	} {
		p, err := Replay(t.Context(), c.game, c.board, c.moves)
		if err != nil {
			t.Errorf("%s: %v", c.game, err)
			continue
		}
		if !slices.Equal(p.Board, c.want) {
			t.Errorf("%s: board\n%s\nwant\n%s", c.game, strings.Join(p.Board, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// TestBOIExtraStep follows a game of BOI 2008 through an extra step: after
// A lands on B, A moves again.
func TestBOIExtraStep(t *testing.T) {
	board := []string{".A.", "...", "..B"}
	moves := []Move{{Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 2}}
	p, err := Replay(t.Context(), "boi2008-game", board, moves)
	if err != nil {
		t.Fatal(err)
	}
	if p.ToMove != "A" || p.Over {
		t.Fatalf("after landing on B: to move %s, over %v; want A, not over", p.ToMove, p.Over)
	}
	// The extra step reaches B's start: A wins.
	p, err = Replay(t.Context(), "boi2008-game", board, append(moves, Move{Row: 2, Col: 2}))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Over || p.Winner != "A" || p.Outcome != OutcomeP || len(p.Legal) != 0 {
		t.Fatalf("after the extra step: over %v, winner %q, outcome %s, %d legal moves", p.Over, p.Winner, p.Outcome, len(p.Legal))
	}
	if !slices.Equal(p.Board, []string{".A.", "..b", "..a"}) {
		t.Errorf("board %q", p.Board)
	}
	if _, ok := p.EngineMove(); ok {
		t.Error("EngineMove after the end")
	}
}

// TestBOIDrawnPosition checks the drawn positions, which the random games
// never reach (the pieces always share their region of the board), on a
// position set up by hand: A and B in a room that neither start is in.
func TestBOIDrawnPosition(t *testing.T) {
	board := []string{"A...B", "#####", ".....", ".....", "....."}
	st, err := startBOI(t.Context(), mustParse(t, board, ".#AB"), ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*boiState)
	s.sq = [2]int{2 * 5, 3*5 + 1} // both in the room below the wall
	p := &Position{Winning: []Move{}, Legal: []Move{}}
	if err := s.analyse(p); err != nil {
		t.Fatal(err)
	}
	if p.Outcome != OutcomeD || len(p.Winning) != 0 || !equalMoves(p.Drawing, p.Legal) || len(p.Legal) != 2 {
		t.Fatalf("outcome %s, winning %v, drawing %v, legal %v; want a draw", p.Outcome, p.Winning, p.Drawing, p.Legal)
	}
	if m, ok := p.EngineMove(); !ok || m != p.Drawing[0] {
		t.Errorf("EngineMove = %v, %v; want the first drawing move", m, ok)
	}
}

func mustParse(t *testing.T, rows []string, alphabet string) grid.Grid {
	t.Helper()
	g, err := parseBoard(rows, alphabet, MaxSide)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEngineWins plays EngineMove for the player who starts in a won
// position against random opponents: he must always win.
func TestEngineWins(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	boards := map[string]func() []string{
		"bacterial-tactics": func() []string {
			return randomBoard(rng, 1+rng.IntN(7), 1+rng.IntN(7), rng.Float64()*0.3, '.', '#')
		},
		"inventor-outlasting": func() []string {
			return randomBoard(rng, 1+rng.IntN(7), 1+rng.IntN(7), 0.3+rng.Float64()*0.7, '.', 'X')
		},
		"caos3": func() []string {
			return randomBoard(rng, 5+rng.IntN(6), 5+rng.IntN(6), rng.Float64()*0.08, '^', '#')
		},
		"knights": func() []string {
			b := randomBoard(rng, 2+rng.IntN(7), 2+rng.IntN(7), 0.15, '.', 'K')
			return b
		},
		"boi2008-game": func() []string {
			return randomBOI(rng, 2+rng.IntN(6), rng.Float64()*0.4)
		},
	}
	for _, game := range Games() {
		games, plies := 0, 0
		for games < trials(500) {
			board := boards[game]()
			p, err := Replay(t.Context(), game, board, nil)
			if err != nil {
				continue // an invalid BOI 2008 board
			}
			if p.Outcome != OutcomeN {
				continue
			}
			games++
			engine := p.ToMove
			var moves []Move
			for !p.Over {
				if len(moves) > 2000 {
					t.Fatalf("%s: no end after %d moves\n%s\nmoves %v", game, len(moves), strings.Join(board, "\n"), moves)
				}
				var m Move
				if p.ToMove == engine {
					var ok bool
					if m, ok = p.EngineMove(); !ok {
						t.Fatalf("%s: no engine move before the end", game)
					}
					if p.Outcome != OutcomeN {
						t.Fatalf("%s: the engine is to move in a %s position\n%s\nmoves %v", game, p.Outcome, strings.Join(board, "\n"), moves)
					}
				} else {
					m = p.Legal[rng.IntN(len(p.Legal))]
				}
				before, enginesMove := moves, p.ToMove == engine
				moves = append(moves, m)
				if p, err = Replay(t.Context(), game, board, moves); err != nil {
					t.Fatalf("%s: %v", game, err)
				}
				if !enginesMove {
					continue
				}
				// The engine's move again, by ReplayAndReply.
				q, reply, err := ReplayAndReply(t.Context(), game, board, before, ReplayOptions{})
				if err != nil || reply == nil || !reflect.DeepEqual(*reply, m) || !reflect.DeepEqual(q, p) {
					t.Fatalf("%s: ReplayAndReply after %v: %v, %v, %v; want %v, %+v", game, before, q, reply, err, m, p)
				}
			}
			plies += len(moves)
			if q, reply, err := ReplayAndReply(t.Context(), game, board, moves, ReplayOptions{}); err != nil || reply != nil || !reflect.DeepEqual(q, p) {
				t.Fatalf("%s: ReplayAndReply of an ended game: %v, %v, %v", game, q, reply, err)
			}
			if p.Winner != engine {
				t.Fatalf("%s: the engine (%s) lost\n%s\nmoves %v", game, engine, strings.Join(board, "\n"), moves)
			}
		}
		t.Logf("%s: the engine won %d games of %d moves in all", game, games, plies)
	}
}

// TestEngineMoveOrder checks EngineMove against the lists of the position.
func TestEngineMoveOrder(t *testing.T) {
	p := &Position{Winning: []Move{}, Legal: []Move{{Row: 1}, {Row: 2}}}
	if m, ok := p.EngineMove(); !ok || m.Row != 1 {
		t.Errorf("lost position: EngineMove = %v, %v; want the first legal move", m, ok)
	}
	p.Winning = []Move{{Row: 2}}
	if m, ok := p.EngineMove(); !ok || m.Row != 2 {
		t.Errorf("won position: EngineMove = %v, %v; want the first winning move", m, ok)
	}
	p.Over = true
	if _, ok := p.EngineMove(); ok {
		t.Error("EngineMove when over")
	}
	p = &Position{}
	if _, ok := p.EngineMove(); ok {
		t.Error("EngineMove without legal moves")
	}
}

// TestJSON checks the JSON form of a position, which the web front end
// reads: the field names of the contract, empty lists as [], no null.
func TestJSON(t *testing.T) {
	p, err := Replay(t.Context(), "knights", []string{"K.", ".."}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"knights","board":["K.",".."],"moves":[],"to_move":"first","over":true,"winner":"second","grundy":0,"outcome":"P","winning_moves":[],"legal_moves":[]}`
	if string(got) != want {
		t.Errorf("JSON\n%s\nwant\n%s", got, want)
	}
	p, err = Replay(t.Context(), "bacterial-tactics", []string{"."}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err = json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want = `{"game":"bacterial-tactics","board":["."],"moves":[],"to_move":"first","over":false,"grundy":1,"outcome":"N","winning_moves":[{"row":0,"col":0,"colony":"H"},{"row":0,"col":0,"colony":"V"}],"legal_moves":[{"row":0,"col":0,"colony":"H"},{"row":0,"col":0,"colony":"V"}]}`
	if string(got) != want {
		t.Errorf("JSON\n%s\nwant\n%s", got, want)
	}
	p, err = Replay(t.Context(), "boi2008-game", []string{"A.", ".B"}, []Move{{Row: 0, Col: 1}})
	if err != nil {
		t.Fatal(err)
	}
	got, err = json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want = `{"game":"boi2008-game","board":["Aa",".B"],"moves":[{"row":0,"col":1}],"to_move":"B","over":false,"outcome":"N","winning_moves":[{"row":0,"col":1}],"legal_moves":[{"row":0,"col":1},{"row":1,"col":0}]}`
	if string(got) != want {
		t.Errorf("JSON\n%s\nwant\n%s", got, want)
	}
	var back Position
	if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(&back, p) {
		t.Errorf("round trip: %v\n%+v\nwant\n%+v", err, back, *p)
	}
}
