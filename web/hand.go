package web

import (
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
	// Cells are the cells pointed at, in order, as the game lists them
	// (game.HandMove).
	Cells []game.Cell `json:"cells"`
	// Cut is the direction of a cut along the cells, as the game lists it
	// (game.HandMove): "vertical", "horizontal", or empty.
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

// maxHandPart bounds the text of a part whose hand moves are found: each
// hand move is a copy of the part read back by the game, so a part of n
// cells costs about n² steps. The page draws no board past 40 x 40.
const maxHandPart = 2048

// handMovesOf finds the hand moves of st, the analysis of a position of
// the partizan game g (named name in the registry, which the game's own
// hand moves make no use of): the game lists each part's hand moves
// (HandMoves), and each is read back by the game and
// matched with the move of the same part that leaves the same text (read
// by Parse, which puts a board in the form the analysis writes, or where
// Check refuses it by ParseSearch, which any size of board passes). A
// hand move that matches no move is left out, and a part longer than
// maxHandPart has none; nil for a game without hand moves.
func handMovesOf(name string, g game.PartizanGame, st *play.PartizanState) *handMoves {
	// Whether the game has hand moves at all: asked of an empty part.
	if _, ok := g.HandMoves("", game.Left); !ok {
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
			list, _ := g.HandMoves(p.Position, side)
			for _, c := range list {
				// The texts the analysis may write for what the move
				// leaves: the game's name of it, and "0" where nothing
				// is left (a game names an empty board its own way).
				leaves, empty := "0", ""
				if strings.TrimSpace(c.After) != "" {
					pos, err := g.Parse(c.After)
					if err != nil {
						pos, err = g.ParseSearch(c.After)
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
					*out = append(*out, handMove{Part: i, Cells: c.Cells, Cut: c.Cut, Move: k})
				}
			}
		}
	}
	return h
}
