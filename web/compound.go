package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"nimber/compound"
	"nimber/game"
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
	// exploreBytes is what one position of an exploration's limit may
	// cost, counted as bytes allocated, the graph's invariants and the
	// answer included: at worst, measured, 1557 bytes, for a subtraction
	// game of 8 moves explored to its limits of positions and of moves (16
	// a position) and then decided (TestExploreBudget). Counting every
	// byte allocated, not only those still in use, bounds what a request
	// adds to the heap however late the garbage collector runs (as when
	// several run at once): MaxMemory / exploreBytes positions allocate
	// at most about 76% of MaxMemory.
	exploreBytes = 2048
)

// compoundRequest is the body of POST /api/compound.
type compoundRequest struct {
	Rule struct {
		Move string `json:"move"` // one, all, some (or not-all)
		End  string `json:"end"`  // long, short
		Play string `json:"play"` // normal, misere
	} `json:"rule"`
	Game struct {
		Type  string `json:"type"`  // knights, subtraction or game
		Size  int    `json:"size"`  // knights: the board is size x size
		Moves string `json:"moves"` // knights: steps, default the seed's
		Set   string `json:"set"`   // subtraction: e.g. "1,3,4"
		To    int    `json:"to"`    // subtraction: heaps 0..to
		Name  string `json:"name"`  // game: a game of GET /api/games
	} `json:"game"`
	Components []component `json:"components"`
}

// component is a position given as an integer (knights: row*size+col,
// subtraction: the heap), on a knights board as {"row": r, "col": c}
// (0-based), or of any game as its text ("5+3", a board's rows).
type component struct {
	Position int
	Cell     *struct {
		Row int `json:"row"`
		Col int `json:"col"`
	}
	Text *string
}

// UnmarshalJSON reads an integer, a {"row", "col"} object or a string.
func (c *component) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		return dec.Decode(&c.Cell)
	case len(data) > 0 && data[0] == '"':
		return json.Unmarshal(data, &c.Text)
	}
	n, err := strconv.Atoi(string(data))
	if err != nil {
		return errorf(http.StatusBadRequest, "component %s is neither a position (an integer or a string) nor a square {\"row\": r, \"col\": c}", data)
	}
	c.Position = n
	return nil
}

// handleCompound answers POST /api/compound.
func (s *Server) handleCompound(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest[compoundRequest](s, w, r)
	if !ok {
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
	name, texts, err := req.positions()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	g, e, err := s.lookup(name)
	if err != nil {
		if req.Game.Type != "game" {
			err = errorf(http.StatusBadRequest, "game: %v", err)
		}
		s.fail(w, r, err)
		return
	}
	if kind := g.Info().Kind; kind != game.Impartial {
		why := "compounds are of games that end"
		if kind == game.Partizan {
			why = "compounds are of impartial games"
		}
		s.fail(w, r, errorf(http.StatusBadRequest, "game: %s is %s (%s), and %s", name, kind, kind.Why(), why))
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		starts := make([]game.Position, len(texts))
		for i, t := range texts {
			p, err := g.Parse(t)
			if err != nil {
				return nil, errorf(http.StatusBadRequest, "component %d: %v", i, e.Annotate(err))
			}
			starts[i] = p
		}
		gr, err := g.Explore(ctx, starts, s.exploreLimit())
		if err != nil {
			return nil, e.Annotate(err)
		}
		inv, err := compound.Compute(ctx, gr)
		if err != nil {
			return nil, e.Annotate(err)
		}
		inv.SearchLimit = s.searchLimit()
		rep, err := inv.Report(ctx, gr.Roots(), rule, gr.Name)
		if err != nil {
			return nil, searchError(err, inv.SearchLimit)
		}
		if req.Game.Type == "subtraction" {
			heapPositions(rep, gr)
		}
		return rep, nil
	})
}

// searchLimit bounds the positions of the exhaustive search of a misère
// sum: MaxMemory / searchBytes (1M positions by
// default), at most compound.DefaultSearchLimit. The moves that WinningMove
// tries lead to smaller searches, each under the same limit.
func (s *Server) searchLimit() int {
	return int(min(max(s.opts.MaxMemory/searchBytes, 1<<10), compound.DefaultSearchLimit))
}

// exploreLimit bounds the positions of an exploration (and the moves, 16
// times as many): MaxMemory / exploreBytes (128K positions by default), so
// that an exploration and the computation on its graph allocate less than
// MaxMemory.
func (s *Server) exploreLimit() int {
	return int(max(s.opts.MaxMemory/exploreBytes, 1<<10))
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

// positions returns the name of the request's game and its components as
// positions in the game's text form.
func (req *compoundRequest) positions() (string, []string, error) {
	g := req.Game
	texts := make([]string, len(req.Components))
	switch g.Type {
	case "knights":
		if g.Size < 1 || g.Size > MaxTableSize {
			return "", nil, errorf(http.StatusBadRequest, "game: size %d out of range 1..%d", g.Size, MaxTableSize)
		}
		if g.Set != "" || g.To != 0 || g.Name != "" {
			return "", nil, errorf(http.StatusBadRequest, `game: "set", "to" and "name" do not belong to knights games`)
		}
		for i, c := range req.Components {
			row, col := c.Position/g.Size, c.Position%g.Size
			if c.Cell != nil {
				row, col = c.Cell.Row, c.Cell.Col
			}
			if c.Text != nil || c.Position < 0 || row < 0 || row >= g.Size || col < 0 || col >= g.Size {
				return "", nil, errorf(http.StatusBadRequest, "component %d: not a square of the %d x %d board (0-based)", i, g.Size, g.Size)
			}
			texts[i] = fmt.Sprintf("%dx%d %d,%d", g.Size, g.Size, row+1, col+1)
		}
		name := "knights"
		if g.Moves != "" {
			name += ":" + g.Moves
		}
		return name, texts, nil
	case "subtraction":
		if g.To < 0 || g.To > MaxSubtractionTo {
			return "", nil, errorf(http.StatusBadRequest, "game: to %d out of range 0..%d", g.To, MaxSubtractionTo)
		}
		if g.Size != 0 || g.Moves != "" || g.Name != "" {
			return "", nil, errorf(http.StatusBadRequest, `game: "size", "moves" and "name" do not belong to subtraction games`)
		}
		for i, c := range req.Components {
			if c.Cell != nil || c.Text != nil {
				return "", nil, errorf(http.StatusBadRequest, "component %d: a subtraction game's component is a heap", i)
			}
			if c.Position < 0 || c.Position > g.To {
				return "", nil, errorf(http.StatusBadRequest, "component %d: position %d out of range 0..%d", i, c.Position, g.To)
			}
			texts[i] = strconv.Itoa(c.Position)
		}
		return "sub:" + g.Set, texts, nil
	case "game":
		if g.Size != 0 || g.Moves != "" || g.Set != "" || g.To != 0 {
			return "", nil, errorf(http.StatusBadRequest, `game: a game is given by its "name" alone`)
		}
		for i, c := range req.Components {
			if c.Text == nil {
				return "", nil, errorf(http.StatusBadRequest, "component %d: give a position of %s as a string", i, g.Name)
			}
			texts[i] = *c.Text
		}
		return g.Name, texts, nil
	}
	return "", nil, errorf(http.StatusBadRequest, "game: type %q is not knights, subtraction or game", g.Type)
}

// heapPositions writes the positions of a report of heaps as the heaps'
// sizes, as the request gives them, instead of their numbers in the graph
// explored.
func heapPositions(rep *compound.Report, gr *game.Graph) {
	size := func(p int) int {
		n, err := strconv.Atoi(gr.Name(p))
		if err != nil {
			return p
		}
		return n
	}
	for i := range rep.Components {
		rep.Components[i].Position = size(rep.Components[i].Position)
	}
	if m := rep.WinningMove; m != nil {
		for i, p := range m.Next {
			m.Next[i] = size(p)
		}
	}
}
