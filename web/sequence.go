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
	Code      string `json:"code"`      // as given
	Canonical string `json:"canonical"` // e.g. "0.07", "4!.0"
	// Values are G(0..to-1).
	Values []uint16 `json:"values"`
	// Period and Preperiod: G(n+period) = G(n) for every computed n >=
	// preperiod; both 0 when no period was found.
	Period    int  `json:"period"`
	Preperiod int  `json:"preperiod"`
	Proven    bool `json:"proven"` // by the Guy–Smith condition (octal games)
	// Needed is how many values the Guy–Smith condition needs.
	Needed  int    `json:"values_needed_for_proof"`
	Largest uint16 `json:"largest"`
	// Mask is the sparse-space mask for these values, Rare the number of
	// heaps whose value is rare under it.
	Mask  uint16 `json:"mask"`
	Rare  int    `json:"rare"`
	Octal bool   `json:"octal"`
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
		seq := heap.NewSeq(nil)
		if err := g.Extend(ctx, seq, to); err != nil {
			return nil, err
		}
		st := g.RareStats(seq)
		resp := sequenceResponse{Code: code, Canonical: g.String(), Values: seq.Values(0, to),
			Largest: st.Largest, Mask: st.Mask, Rare: st.Rare, Octal: g.Octal()}
		if per, ok := g.FindPeriod(seq, 0); ok {
			resp.Period, resp.Preperiod, resp.Proven, resp.Needed = per.Period, per.Preperiod, per.Proven, per.Needed
		}
		return resp, nil
	})
}
