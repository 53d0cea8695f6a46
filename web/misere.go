package web

import (
	"context"
	"net/http"

	"nimber/heap"
	"nimber/misere"
)

// misereRequest is the body of POST /api/misere/{code}.
type misereRequest struct {
	// Heaps is the sum of heaps, e.g. [5, 7, 9].
	Heaps []int `json:"heaps"`
}

// misereHeap is a heap of a misere answer with its genus.
type misereHeap struct {
	Heap   int    `json:"heap"`
	Value  int    `json:"value"` // normal-play Grundy value
	Genus  string `json:"genus"` // Conway's notation, 4^146
	Gammas []int  `json:"gammas"`
	Tame   bool   `json:"tame"`
}

// misereResponse is the answer of POST /api/misere/{code}.
type misereResponse struct {
	Outcome string `json:"outcome"` // N: the player to move wins
	Move    *struct {
		Heaps []int `json:"heaps"`
	} `json:"move"`
	Method string       `json:"method"` // tame (misère Nim's rule) or search
	Heaps  []misereHeap `json:"heaps"`
}

// misereBudget bounds the positions of one request's misère search: about
// 100 bytes each.
const misereBudget = 1_000_000

// handleMisere answers POST /api/misere/{code}: the misère outcome of a sum
// of heaps of a heap game, a winning move, and each heap's genus.
func (s *Server) handleMisere(w http.ResponseWriter, r *http.Request) {
	g, err := heap.Parse(r.PathValue("code"))
	if err != nil {
		s.fail(w, r, errorf(http.StatusNotFound, "%v", err))
		return
	}
	var req misereRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Heaps) == 0 || len(req.Heaps) > 64 {
		s.fail(w, r, errorf(http.StatusBadRequest, "heaps: give 1 to 64 heap sizes, e.g. [5, 7, 9]"))
		return
	}
	for i, h := range req.Heaps {
		if h < 0 || h > 200 {
			s.fail(w, r, errorf(http.StatusBadRequest, "heap %d: %d tokens out of range 0..200 for misère play", i+1, h))
			return
		}
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		sv := misere.New(g, misereBudget)
		o, err := sv.Outcome(ctx, req.Heaps)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "%v", err)
		}
		resp := misereResponse{Outcome: "P", Method: o.Method, Heaps: []misereHeap{}}
		if o.Wins {
			resp.Outcome = "N"
		}
		if o.Move != nil {
			resp.Move = &struct {
				Heaps []int `json:"heaps"`
			}{o.Move}
		}
		for _, h := range req.Heaps {
			gen, err := sv.Genus(ctx, h)
			if err != nil {
				return nil, errorf(http.StatusBadRequest, "the genus of heap %d: %v", h, err)
			}
			resp.Heaps = append(resp.Heaps, misereHeap{Heap: h, Value: gen.G, Genus: gen.String(), Gammas: gen.Gamma, Tame: gen.Tame()})
		}
		return resp, nil
	})
}
