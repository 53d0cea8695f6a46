package web

import (
	"fmt"
	"strconv"
	"strings"

	"nimber/game"
	"nimber/play"
)

// handMove is a move of a partizan board as a player makes it by hand:
// the cells pointed at on the part as the page draws it (the part's
// position text, rows split at '|'), and the move of the analysis it is.
type handMove struct {
	// Part is the 0-based index of the part the cells are on. A part equal
	// to an earlier part has hand moves too, which are the earlier part's
	// moves (the analysis lists moves of the first of equal parts only).
	Part int `json:"part"`
	// Cells are the cells pointed at, in order: a stone then where it goes
	// (Clobber, Konane, Toads and Frogs), a domino's two squares
	// (Domineering), the square coloured (Col, Snort), the edge cut
	// (Hackenbush: row = its height from the ground, 0 at the bottom,
	// col 0), the cells just before a cut (Cutcake).
	Cells []game.Cell `json:"cells"`
	// Cut is Cutcake's: "vertical" (the cut runs along the right side of
	// the cells, a column) or "horizontal" (along their bottom, a row).
	Cut string `json:"cut,omitempty"`
	// Move is the index of the move in left_moves or right_moves.
	Move int `json:"move"`
}

// handMoves are each side's hand moves of a position.
type handMoves struct {
	Left  []handMove `json:"left"`
	Right []handMove `json:"right"`
}

// partizanResponse is the answer of POST /api/partizan/{game}: the
// analysis, and the hand moves when the request asked for cells.
type partizanResponse struct {
	*play.PartizanState
	Hand *handMoves `json:"hand,omitempty"`
}

// candidate is a move made by hand on a part: its cells and the part's
// text after it, which the game's parser reads back.
type candidate struct {
	cells []game.Cell
	cut   string
	after string
}

// candidateFunc lists the moves side may make by hand on a part's text.
type candidateFunc func(part string, side game.Side) []candidate

// maxHandPart bounds the text of a part whose hand moves are found: each
// candidate is a copy of the part read back by the game, so a part of n
// cells costs about n² steps. The page draws no board past 40 x 40.
const maxHandPart = 2048

// handGames are the partizan games whose moves the page makes by hand.
var handGames = map[string]candidateFunc{
	"domineering": dominoes,
	"clobber":     func(p string, s game.Side) []candidate { return jumps(p, s, false) },
	"konane":      func(p string, s game.Side) []candidate { return jumps(p, s, true) },
	"toads-frogs": toadsFrogs,
	"col":         colour,
	"snort":       colour,
	"cutcake":     cuts,
	"hackenbush":  edges,
}

// handMovesOf finds the hand moves of st, the analysis of a position of
// the partizan game g named name: each candidate of each part is read
// back by the game and matched with the move of the same part that leaves the same text (read
// by Parse, which puts a board in the form the analysis writes, or where
// Check refuses it by ParseSearch, which any size of board passes). A
// candidate that matches no move is left out, and a part longer than
// maxHandPart has none; nil for a game without hand moves.
func handMovesOf(name string, g game.PartizanGame, st *play.PartizanState) *handMoves {
	list, ok := handGames[name]
	if !ok {
		return nil
	}
	h := &handMoves{Left: []handMove{}, Right: []handMove{}}
	taken := [2][]bool{make([]bool, len(st.Left)), make([]bool, len(st.Right))}
	for i, p := range st.Parts {
		if len(p.Position) > maxHandPart {
			continue
		}
		first := i
		for j := range i {
			if st.Parts[j].Position == p.Position {
				first = j
				break
			}
		}
		for _, side := range []game.Side{game.Left, game.Right} {
			moves, out := st.Left, &h.Left
			if side == game.Right {
				moves, out = st.Right, &h.Right
			}
			for _, c := range list(p.Position, side) {
				// The texts the analysis may write for what the move
				// leaves: the game's name of it, and "0" where nothing
				// is left (a game names an empty board its own way).
				leaves, empty := "0", ""
				if strings.TrimSpace(c.after) != "" {
					pos, err := g.Parse(c.after)
					if err != nil {
						pos, err = g.ParseSearch(c.after)
					}
					if err != nil {
						continue
					}
					leaves = g.Name(pos)
					if len(g.Parts(pos)) == 0 {
						empty = "0"
					}
				}
				// The analysis lists a move for each way to leave the
				// same text: each hand move takes one not taken yet.
				k := -1
				for j, m := range moves {
					if m.Part == first && (m.Leaves == leaves || m.Leaves == empty) && (k < 0 || !taken[side][j] && taken[side][k]) {
						k = j
					}
				}
				if k >= 0 {
					taken[side][k] = true
					*out = append(*out, handMove{Part: i, Cells: c.cells, Cut: c.cut, Move: k})
				}
			}
		}
	}
	return h
}

// grid splits a board part's text into rows.
func grid(part string) [][]byte {
	var rows [][]byte
	for r := range strings.SplitSeq(part, "|") {
		rows = append(rows, []byte(r))
	}
	return rows
}

// text writes rows back as a part's text.
func text(rows [][]byte) string {
	s := make([]string, len(rows))
	for i, r := range rows {
		s[i] = string(r)
	}
	return strings.Join(s, "|")
}

// at returns the character of rows at (r, c), 0 outside the board.
func at(rows [][]byte, r, c int) byte {
	if r < 0 || r >= len(rows) || c < 0 || c >= len(rows[r]) {
		return 0
	}
	return rows[r][c]
}

// with returns a copy of rows with the given cells set to the given
// characters.
func with(rows [][]byte, set map[game.Cell]byte) string {
	cp := make([][]byte, len(rows))
	for i, r := range rows {
		cp[i] = append([]byte(nil), r...)
	}
	for c, ch := range set {
		cp[c.Row][c.Col] = ch
	}
	return text(cp)
}

// dominoes are Domineering's moves: Left's dominoes up and down, Right's
// across, on two empty squares.
func dominoes(part string, side game.Side) []candidate {
	rows := grid(part)
	dr, dc := 1, 0
	if side == game.Right {
		dr, dc = 0, 1
	}
	var out []candidate
	for r := range rows {
		for c := range rows[r] {
			if at(rows, r, c) == '.' && at(rows, r+dr, c+dc) == '.' {
				a, b := game.Cell{Row: r, Col: c}, game.Cell{Row: r + dr, Col: c + dc}
				out = append(out, candidate{cells: []game.Cell{a, b}, after: with(rows, map[game.Cell]byte{a: '#', b: '#'})})
			}
		}
	}
	return out
}

var steps = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// jumps are Clobber's moves (jump false: a stone onto a next stone of the
// opponent's, which it takes) and Konane's (a stone over one of the
// opponent's into an empty square, and on over more in the same line:
// each stop a move).
func jumps(part string, side game.Side, jump bool) []candidate {
	rows := grid(part)
	own, opp := byte('x'), byte('o')
	if side == game.Right {
		own, opp = opp, own
	}
	var out []candidate
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != own {
				continue
			}
			from := game.Cell{Row: r, Col: c}
			for _, d := range steps {
				if !jump {
					if at(rows, r+d[0], c+d[1]) == opp {
						to := game.Cell{Row: r + d[0], Col: c + d[1]}
						out = append(out, candidate{cells: []game.Cell{from, to}, after: with(rows, map[game.Cell]byte{from: '.', to: own})})
					}
					continue
				}
				set := map[game.Cell]byte{from: '.'}
				for k := 1; at(rows, r+(2*k-1)*d[0], c+(2*k-1)*d[1]) == opp && at(rows, r+2*k*d[0], c+2*k*d[1]) == '.'; k++ {
					set[game.Cell{Row: r + (2*k-1)*d[0], Col: c + (2*k-1)*d[1]}] = '.'
					to := game.Cell{Row: r + 2*k*d[0], Col: c + 2*k*d[1]}
					set[to] = own
					out = append(out, candidate{cells: []game.Cell{from, to}, after: with(rows, set)})
					set[to] = '.'
				}
			}
		}
	}
	return out
}

// toadsFrogs are Toads and Frogs' moves: a toad (Left's) one square right
// into an empty one or over a frog into an empty one, a frog (Right's)
// the same to the left.
func toadsFrogs(part string, side game.Side) []candidate {
	rows := grid(part)
	own, opp, d := byte('T'), byte('F'), 1
	if side == game.Right {
		own, opp, d = opp, own, -1
	}
	var out []candidate
	for r := range rows {
		for c := range rows[r] {
			if rows[r][c] != own {
				continue
			}
			from := game.Cell{Row: r, Col: c}
			to := game.Cell{Row: r, Col: c + d}
			if at(rows, r, c+d) == opp && at(rows, r, c+2*d) == '.' {
				to.Col = c + 2*d
			} else if at(rows, r, c+d) != '.' {
				continue
			}
			out = append(out, candidate{cells: []game.Cell{from, to}, after: with(rows, map[game.Cell]byte{from: '.', to: own})})
		}
	}
	return out
}

// colour are Col's and Snort's moves: a square coloured, one that is
// empty or that only the mover may colour; the game's parser marks its
// neighbours.
func colour(part string, side game.Side) []candidate {
	rows := grid(part)
	own, mine := byte('L'), byte('l')
	if side == game.Right {
		own, mine = 'R', 'r'
	}
	var out []candidate
	for r := range rows {
		for c := range rows[r] {
			if ch := rows[r][c]; ch == '.' || ch == mine {
				cell := game.Cell{Row: r, Col: c}
				out = append(out, candidate{cells: []game.Cell{cell}, after: with(rows, map[game.Cell]byte{cell: own})})
			}
		}
	}
	return out
}

// cuts are Cutcake's moves on a part "RxC": Left's cuts between two
// columns, Right's between two rows.
func cuts(part string, side game.Side) []candidate {
	rs, cs, ok := strings.Cut(part, "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > 64 || cols > 64 {
		return nil
	}
	var out []candidate
	if side == game.Left {
		for j := 1; j < cols; j++ {
			c := candidate{cut: "vertical", after: fmt.Sprintf("%dx%d + %dx%d", rows, j, rows, cols-j)}
			for i := range rows {
				c.cells = append(c.cells, game.Cell{Row: i, Col: j - 1})
			}
			out = append(out, c)
		}
		return out
	}
	for i := 1; i < rows; i++ {
		c := candidate{cut: "horizontal", after: fmt.Sprintf("%dx%d + %dx%d", i, cols, rows-i, cols)}
		for j := range cols {
			c.cells = append(c.cells, game.Cell{Row: i - 1, Col: j})
		}
		out = append(out, c)
	}
	return out
}

// edges are Hackenbush's moves on a stalk: an edge of the mover's colour
// or green cut, which takes it and everything above it away.
func edges(part string, side game.Side) []candidate {
	own := byte('L')
	if side == game.Right {
		own = 'R'
	}
	if strings.Trim(part, "LRG") != "" {
		return nil
	}
	var out []candidate
	for h := range len(part) {
		if part[h] == own || part[h] == 'G' {
			out = append(out, candidate{cells: []game.Cell{{Row: h}}, after: part[:h]})
		}
	}
	return out
}
