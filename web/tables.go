package web

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"nimber/compound"
	"nimber/games/moveset"
)

// MaxTableSize bounds the side of a knights board of /api/table and
// /api/compound.
const MaxTableSize = 200

// Numbers standing for the w-numbers SL and SW in tables (the values of
// compound.SL and compound.SW).
const (
	NumberSL = int(compound.SL) // -1
	NumberSW = int(compound.SW) // -2
)

// tableResponse is the answer of GET /api/table/knights.
type tableResponse struct {
	Game     string `json:"game"`
	Size     int    `json:"size"`
	Function string `json:"function"`
	// Moves is the step set in the form of ?moves=.
	Moves string `json:"moves"`
	// Numbers[r][c] is the value of the square on row r, column c
	// (0-based), SL and SW as NumberSL and NumberSW.
	Numbers [][]int `json:"numbers"`
	// Labels[r][c] is what "nimber table" prints: the number, or SL, SW.
	Labels [][]string `json:"labels"`
}

// handleTable answers GET /api/table/{game}: an invariant of every square
// of a knights board.
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	if game := r.PathValue("game"); game != "knights" {
		s.fail(w, r, errorf(http.StatusNotFound, "unknown table game %q (known: knights)", game))
		return
	}
	q, err := query(r, "size", "function", "moves")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	size, err := intParam(q, "size", 8, 1, MaxTableSize)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	function, err := functionParam(q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		// NewBoard may check the steps for cycles square by square: it
		// runs in the slot too.
		b, err := knightsBoard(size, q["moves"])
		if err != nil {
			return nil, err
		}
		inv, err := compound.Compute(ctx, b)
		if err != nil {
			return nil, err
		}
		resp := tableResponse{Game: "knights", Size: size, Function: function, Moves: moveset.FormatSteps(b.Steps),
			Numbers: make([][]int, size), Labels: make([][]string, size)}
		for row := range size {
			resp.Numbers[row] = make([]int, size)
			resp.Labels[row] = make([]string, size)
			for col := range size {
				p := b.Position(row, col)
				resp.Numbers[row][col] = invariantNumber(inv, function, p)
				if resp.Labels[row][col], err = inv.Value(function, p); err != nil {
					return nil, err
				}
			}
		}
		return resp, nil
	})
}

// functionParam reads ?function= (default grundy).
func functionParam(q map[string]string) (string, error) {
	f, ok := q["function"]
	if !ok {
		return "grundy", nil
	}
	if !slices.Contains(compound.Functions, f) {
		return "", errorf(http.StatusBadRequest, "function=%q is not one of %s", f, strings.Join(compound.Functions, ", "))
	}
	return f, nil
}

// knightsBoard builds the size x size board with the steps given as
// moveset.ParseSteps reads them, the seed's knight steps when empty.
func knightsBoard(size int, moves string) (*moveset.Board, error) {
	steps := moveset.Knight
	if strings.TrimSpace(moves) != "" {
		var err error
		if steps, err = moveset.ParseSteps(moves); err != nil {
			return nil, errorf(http.StatusBadRequest, "moves: %v", err)
		}
	}
	b, err := moveset.NewBoard(size, size, steps)
	if err != nil {
		return nil, badRequest(err)
	}
	return b, nil
}

// invariantNumber returns invariant f (one of compound.Functions) of
// position p as a number, SL and SW as NumberSL and NumberSW.
func invariantNumber(inv *compound.Invariants, f string, p int) int {
	switch f {
	case "grundy":
		return int(inv.G[p])
	case "grundy-misere":
		return int(inv.GMisere[p])
	case "remoteness":
		return int(inv.R[p])
	case "remoteness-misere":
		return int(inv.RMisere[p])
	case "suspense":
		return int(inv.S[p])
	case "suspense-misere":
		return int(inv.SMisere[p])
	case "w":
		return int(inv.W[p])
	case "w-misere":
		return int(inv.WMisere[p])
	}
	return 0
}
