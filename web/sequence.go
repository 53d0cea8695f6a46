package web

import (
	"context"
	"net/http"
	"strings"

	"nimber/game"
	"nimber/heap"
)

// MaxSequence bounds ?to= of GET /api/sequence.
const MaxSequence = 1 << 20

// sequenceResponse is the answer of GET /api/sequence.
type sequenceResponse struct {
	Code string `json:"code"` // as given
	// Values are G(0..to-1).
	Values []int `json:"values"`
	heap.Summary
}

// handleSequence answers GET /api/sequence?code=CODE&to=N: a heap game by
// code with the sparse engine, or any game with heaps by its name.
func (s *Server) handleSequence(w http.ResponseWriter, r *http.Request) {
	q, err := query(r, "code", "to")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	code := strings.TrimSpace(q["code"])
	if code == "" {
		s.fail(w, r, errorf(http.StatusBadRequest, "code is missing: give e.g. code=0.07, code=grundy or code=sub:1,3,4"))
		return
	}
	to, err := intParam(q, "to", 1000, 1, MaxSequence)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	hg, herr := heap.Parse(code)
	if herr == nil {
		s.compute(w, r, func(ctx context.Context) (any, error) {
			seq := &heap.Seq{}
			if err := hg.Extend(ctx, seq, to); err != nil {
				return nil, err
			}
			vals := make([]int, to)
			for n := range vals {
				vals[n] = int(seq.At(n))
			}
			return sequenceResponse{Code: code, Values: vals, Summary: hg.Summarize(seq)}, nil
		})
		return
	}
	g, e, err := s.lookup(code)
	if err != nil {
		if strings.Contains(code, ".") || strings.HasPrefix(strings.ToLower(code), "sub:") {
			err = herr // written as a heap code: say what is wrong with it
		}
		s.fail(w, r, errorf(http.StatusBadRequest, "code: %v", err))
		return
	}
	h, ok := game.HeapsOf(g)
	if !ok {
		s.fail(w, r, errorf(http.StatusBadRequest, "code: %s has no heaps, so no nim-sequence", code))
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		vals, err := h.Sequence(ctx, to)
		if err != nil {
			return nil, e.Annotate(err)
		}
		return sequenceResponse{Code: code, Values: vals, Summary: heap.SummarizeValues(code, heap.Ints(vals))}, nil
	})
}
