package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"nimber/compound"
)

// Limits of POST /api/compound.
const (
	// MaxComponents bounds the components of a compound.
	MaxComponents = 16
	// MaxSubtractionTo bounds the largest heap of a subtraction game.
	MaxSubtractionTo = 1 << 20
	// searchBytes is about what one position of compound.Search costs,
	// garbage-collector headroom included (measured: 1M positions, 190 MB).
	searchBytes = 256
)

// compoundRequest is the body of POST /api/compound.
type compoundRequest struct {
	Rule struct {
		Move string `json:"move"` // one, all, some (or not-all)
		End  string `json:"end"`  // long, short
		Play string `json:"play"` // normal, misere
	} `json:"rule"`
	Game struct {
		Type  string `json:"type"`  // knights or subtraction
		Size  int    `json:"size"`  // knights: the board is size x size
		Moves string `json:"moves"` // knights: steps, default the seed's
		Set   string `json:"set"`   // subtraction: e.g. "1,3,4"
		To    int    `json:"to"`    // subtraction: heaps 0..to
	} `json:"game"`
	Components []component `json:"components"`
}

// component is a position given as an integer (knights: row*size+col,
// subtraction: the heap) or, on a knights board, as {"row": r, "col": c}
// (0-based).
type component struct {
	Position int
	Cell     *struct {
		Row int `json:"row"`
		Col int `json:"col"`
	}
}

// UnmarshalJSON reads an integer or a {"row", "col"} object.
func (c *component) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		return dec.Decode(&c.Cell)
	}
	n, err := strconv.Atoi(string(data))
	if err != nil {
		return errorf(http.StatusBadRequest, "component %s is neither a position (an integer) nor a square {\"row\": r, \"col\": c}", data)
	}
	c.Position = n
	return nil
}

// compoundGame is the game of a compound request.
type compoundGame struct {
	game compound.Game
	name func(p int) string
}

// handleCompound answers POST /api/compound.
func (s *Server) handleCompound(w http.ResponseWriter, r *http.Request) {
	var req compoundRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	rule, err := compound.ParseRule(req.Rule.Move, req.Rule.End, req.Rule.Play)
	if err != nil {
		s.fail(w, r, errorf(http.StatusBadRequest, "rule: %v", err))
		return
	}
	if n := len(req.Components); n < 1 || n > MaxComponents {
		s.fail(w, r, errorf(http.StatusBadRequest, "components: %d given, want 1..%d", n, MaxComponents))
		return
	}
	switch g := req.Game; g.Type {
	case "knights":
		if g.Size < 1 || g.Size > MaxTableSize {
			s.fail(w, r, errorf(http.StatusBadRequest, "game: size %d out of range 1..%d", g.Size, MaxTableSize))
			return
		}
		if g.Set != "" || g.To != 0 {
			s.fail(w, r, errorf(http.StatusBadRequest, `game: "set" and "to" belong to subtraction games`))
			return
		}
	case "subtraction":
		if g.To < 0 || g.To > MaxSubtractionTo {
			s.fail(w, r, errorf(http.StatusBadRequest, "game: to %d out of range 0..%d", g.To, MaxSubtractionTo))
			return
		}
		if g.Size != 0 || g.Moves != "" {
			s.fail(w, r, errorf(http.StatusBadRequest, `game: "size" and "moves" belong to knights games`))
			return
		}
	default:
		s.fail(w, r, errorf(http.StatusBadRequest, "game: type %q is not knights or subtraction", g.Type))
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		g, comps, err := req.load()
		if err != nil {
			return nil, err
		}
		inv, err := compound.Compute(ctx, g.game)
		if err != nil {
			return nil, err
		}
		inv.SearchLimit = s.searchLimit()
		rep, err := inv.Report(ctx, comps, rule, g.name)
		if err != nil {
			return nil, searchError(err, inv.SearchLimit)
		}
		return rep, nil
	})
}

// searchLimit bounds the positions of the exhaustive search of a misère
// sum: MaxMemory / searchBytes (1M positions by default), at most
// compound.DefaultSearchLimit. The moves that WinningMove tries lead to
// smaller searches, each under the same limit.
func (s *Server) searchLimit() int {
	return int(min(max(s.opts.MaxMemory/searchBytes, 1<<10), compound.DefaultSearchLimit))
}

// searchError turns the failure of an exhaustive search beyond limit
// positions into 400 with advice; other errors pass.
func searchError(err error, limit int) error {
	if _, ok := errors.AsType[*compound.SearchLimitError](err); ok {
		return errorf(http.StatusBadRequest, "a misère sum of components that are not all tame is decided by exhaustive search, "+
			"which would exceed %d positions here; try fewer or smaller components", limit)
	}
	return err
}

// load builds the game of the request and resolves its components.
func (req *compoundRequest) load() (*compoundGame, []int, error) {
	var g *compoundGame
	comps := make([]int, len(req.Components))
	switch req.Game.Type {
	case "knights":
		b, err := knightsBoard(req.Game.Size, req.Game.Moves)
		if err != nil {
			return nil, nil, err
		}
		g = &compoundGame{game: b, name: b.Name}
		for i, c := range req.Components {
			if c.Cell != nil {
				if c.Cell.Row < 0 || c.Cell.Row >= b.Rows || c.Cell.Col < 0 || c.Cell.Col >= b.Cols {
					return nil, nil, errorf(http.StatusBadRequest, "component %d: square row %d, col %d is off the %d x %d board (0-based)", i, c.Cell.Row, c.Cell.Col, b.Rows, b.Cols)
				}
				comps[i] = b.Position(c.Cell.Row, c.Cell.Col)
				continue
			}
			comps[i] = c.Position
		}
	case "subtraction":
		sub, err := compound.NewSubtraction(req.Game.Set, req.Game.To)
		if err != nil {
			return nil, nil, errorf(http.StatusBadRequest, "game: %v", err)
		}
		g = &compoundGame{game: sub, name: strconv.Itoa}
		for i, c := range req.Components {
			if c.Cell != nil {
				return nil, nil, errorf(http.StatusBadRequest, "component %d: a square belongs to knights games; give a heap", i)
			}
			comps[i] = c.Position
		}
	}
	for i, p := range comps {
		if p < 0 || p >= g.game.Len() {
			return nil, nil, errorf(http.StatusBadRequest, "component %d: position %d out of range 0..%d", i, p, g.game.Len()-1)
		}
	}
	return g, comps, nil
}
