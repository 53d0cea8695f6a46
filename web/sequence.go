package web

import (
	"context"
	"net/http"
	"strings"

	"nimber/heap"
)

// MaxSequence bounds ?to= of GET /api/sequence.
const MaxSequence = 1 << 20

// sequenceResponse is the answer of GET /api/sequence.
type sequenceResponse struct {
	Code string `json:"code"` // as given
	// Values are G(0..to-1).
	Values []uint16 `json:"values"`
	heap.Summary
}

// handleSequence answers GET /api/sequence?code=CODE&to=N.
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
	g, err := heap.Parse(code)
	if err != nil {
		s.fail(w, r, errorf(http.StatusBadRequest, "code: %v", err))
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		seq := &heap.Seq{}
		if err := g.Extend(ctx, seq, to); err != nil {
			return nil, err
		}
		return sequenceResponse{Code: code, Values: seq.Values(0, to), Summary: g.Summarize(seq)}, nil
	})
}
