package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"nimber/cgt"
	"nimber/compound"
	"nimber/game"
	"nimber/play"
)

// Limits of GET /api/table and the boards of POST /api/compound.
const (
	// MaxTableSize bounds the side of a board.
	MaxTableSize = 200
	// MaxTableHeap bounds ?to= of a table of heaps.
	MaxTableHeap = 1 << 12
)

// Numbers standing for the w-numbers SL and SW in tables (the values of
// compound.SL and compound.SW).
const (
	NumberSL = int(compound.SL) // -1
	NumberSW = int(compound.SW) // -2
)

// tableResponse is the answer of GET /api/table/{game}.
type tableResponse struct {
	Game     string `json:"game"`
	Size     int    `json:"size"`
	Function string `json:"function"`
	// Moves is the step set of a knights board, in the form of ?moves=.
	Moves string `json:"moves,omitempty"`
	// Numbers[r][c] is the value of the square on row r, column c
	// (0-based), SL and SW as NumberSL and NumberSW; for a game of heaps,
	// row n holds the value of heap n.
	Numbers [][]int `json:"numbers"`
	// Labels[r][c] is what "nimber table" prints: the number, or SL, SW.
	Labels [][]string `json:"labels"`
}

// canonicalTableResponse is the answer of GET
// /api/table/{game}?function=canonical: the rows of nimber table GAME
// --function canonical --family FAMILY --format json.
type canonicalTableResponse struct {
	Game     string           `json:"game"`
	Function string           `json:"function"`
	Family   string           `json:"family"`
	Rows     []play.FamilyRow `json:"rows"`
}

// handleTable answers GET /api/table/{game}: an invariant of every square
// of a board (knights: ?size, ?moves) or of every heap 0..?to.
func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	q, err := query(r, "size", "function", "moves", "to", "family")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, ok := q["family"]; ok || q["function"] == "canonical" {
		s.handleCanonicalTable(w, r, q)
		return
	}
	size, err := intParam(q, "size", 8, 1, MaxTableSize)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	to, err := intParam(q, "to", 20, 0, MaxTableHeap)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	function, err := functionParam(q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	name := r.PathValue("game")
	moves := strings.TrimSpace(q["moves"])
	if moves != "" {
		if name != "knights" {
			s.fail(w, r, errorf(http.StatusBadRequest, "moves belong to the knights game"))
			return
		}
		name += ":" + moves
	}
	g, e, err := s.lookup(name)
	if err != nil {
		if moves != "" {
			err = badRequest(fmt.Errorf("moves: %w", err))
		}
		s.fail(w, r, err)
		return
	}
	if !e.Supports().Tables {
		why := "tables are of games with heaps (a row per heap) or of a token on the squares of a board (knights)"
		if g.Info().Kind == game.Loopy || g.Info().Repeats {
			why = "its positions can repeat, so they have none of the invariants of a table"
		}
		if kind := g.Info().Kind; kind == game.Partizan {
			why = kind.Why() + ": its positions have canonical forms, not the Grundy values of a table"
			if fs, ok := game.FamiliesOf(g); ok {
				var names []string
				for _, f := range fs.Families() {
					names = append(names, f.Name)
				}
				why += fmt.Sprintf(" (a table of canonical forms: function=canonical&family=NAME, families %s)", strings.Join(names, ", "))
			}
		}
		s.fail(w, r, errorf(http.StatusBadRequest, "no table of %s: %s", r.PathValue("game"), why))
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		var rows [][]game.Position
		if h, ok := game.HeapsOf(g); ok {
			for n := 0; n <= to; n++ {
				p, err := h.Heap(n)
				if err != nil {
					return nil, err
				}
				rows = append(rows, []game.Position{p})
			}
		} else if sq, ok := game.SquaresOf(g); ok {
			// Parsing a board may check its steps for cycles square by
			// square: it runs in the slot too.
			pos, err := g.Parse(fmt.Sprintf("%dx%d", size, size))
			if err != nil {
				return nil, badRequest(e.Annotate(err))
			}
			if rows, err = sq.Squares(pos, s.exploreLimit()); err != nil {
				return nil, badRequest(err)
			}
		}
		var flat []game.Position
		for _, row := range rows {
			flat = append(flat, row...)
		}
		gr, err := g.Explore(ctx, flat, s.exploreLimit())
		if err != nil {
			return nil, e.Annotate(err)
		}
		inv, err := compound.Compute(ctx, gr)
		if err != nil {
			return nil, err
		}
		resp := tableResponse{Game: r.PathValue("game"), Size: len(rows), Function: function, Moves: moves,
			Numbers: make([][]int, len(rows)), Labels: make([][]string, len(rows))}
		k := 0
		for i, row := range rows {
			resp.Numbers[i] = make([]int, len(row))
			resp.Labels[i] = make([]string, len(row))
			for j := range row {
				p := gr.Roots()[k]
				k++
				if resp.Numbers[i][j], err = inv.Number(function, p); err != nil {
					return nil, err
				}
				resp.Labels[i][j], _ = inv.Value(function, p)
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

// handleCanonicalTable answers GET /api/table/{game}?function=canonical
// &family=NAME&to=N: the canonical forms and outcomes of members 1..to of a
// family of positions of a partizan game (play.ReadFamily), every member
// read and checked against the game's limits before any is valued, then
// valued by one Evaluator in a Calc bounded by valueMemory. Like POST
// /api/partizan it runs aside (computeAside): its Calc stops only between
// parts when the deadline passes.
func (s *Server) handleCanonicalTable(w http.ResponseWriter, r *http.Request, q map[string]string) {
	if f := q["function"]; f != "canonical" {
		if f == "" {
			f = "grundy"
		}
		s.fail(w, r, errorf(http.StatusBadRequest, "family belongs to function=canonical (tables of canonical forms of partizan games), not function=%s", f))
		return
	}
	for _, p := range []string{"size", "moves"} {
		if _, ok := q[p]; ok {
			s.fail(w, r, errorf(http.StatusBadRequest, "%s belongs to the tables of knights, not to function=canonical", p))
			return
		}
	}
	to, err := intParam(q, "to", 10, 1, game.MaxFamilyMember)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	name, family := r.PathValue("game"), strings.TrimSpace(q["family"])
	g, e, err := s.lookup(name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.computeAside(w, r, fmt.Sprintf("a table of canonical forms of %s family %.200q to %d", name, family, to), func(ctx context.Context) (any, error) {
		t, err := play.ReadFamily(g, family, to)
		if err != nil {
			return nil, familyError(g, name, family, to, err)
		}
		if err := t.Value(ctx, cgt.New(s.valueMemory()), nil); err != nil {
			return nil, badRequest(e.Annotate(fmt.Errorf("family=%s: %w", family, s.partizanError(err))))
		}
		return canonicalTableResponse{Game: name, Function: "canonical", Family: family, Rows: t.Rows}, nil
	})
}

// familyError says why play.ReadFamily refused a table, in the terms of
// the query, as a 400.
func familyError(g game.Game, name, family string, to int, err error) error {
	switch {
	case errors.Is(err, play.ErrNotPartizan):
		return errorf(http.StatusBadRequest, "no table of canonical forms of %s: it is a game of kind %s, valued by Grundy values (try function=grundy)", name, g.Info().Kind)
	case errors.Is(err, play.ErrNoFamilies):
		return errorf(http.StatusBadRequest, "no table of canonical forms of %s: it has no families of positions (value a position on /partizan)", name)
	case errors.Is(err, play.ErrNoFamily):
		fs, _ := game.FamiliesOf(g)
		return errorf(http.StatusBadRequest, "function=canonical takes family: %s", play.FamilyNames(fs))
	case errors.Is(err, play.ErrFamilyRange):
		return errorf(http.StatusBadRequest, "to=%d is not an integer in 1..%d", to, game.MaxFamilyMember)
	}
	if me, ok := errors.AsType[*play.MemberError](err); ok && me.N == 1 {
		return errorf(http.StatusBadRequest, "family=%s: %v", family, me.Err)
	}
	return errorf(http.StatusBadRequest, "family=%s to=%d: %v", family, to, err)
}
