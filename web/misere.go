package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"nimber/heap"
	"nimber/misere"
)

// misereRequest is the body of POST /api/misere/{code}.
type misereRequest struct {
	// Heaps is the sum of heaps, e.g. [5, 7, 9].
	Heaps []int `json:"heaps"`
}

// misereHeap is a heap of a misère answer with its genus and, when the
// quotient decided, its element.
type misereHeap struct {
	Heap    int    `json:"heap"`
	Value   int    `json:"value"`             // normal-play Grundy value
	Element string `json:"element,omitempty"` // its element in the quotient
	Genus   string `json:"genus"`             // Conway's notation, 4^146; "" when it did not come in time
	Gammas  []int  `json:"gammas"`
	// Phylum is tame (hereditarily), restive, restless or wild, "" with
	// the genus; Tame says it is tame.
	Phylum string `json:"phylum"`
	Tame   bool   `json:"tame"`
	// NimGenus says the genus is a Nim-heap's (a wild heap may have one).
	NimGenus bool `json:"nim_genus"`
}

// misereQuotient is the misère quotient that decided a sum, and why.
type misereQuotient struct {
	Heaps      int      `json:"heaps"` // a quotient of the sums of heaps 1..Heaps
	Order      int      `json:"order"`
	Element    string   `json:"element"` // the product of the heaps' elements
	PPortion   []string `json:"p_portion"`
	StableFrom int      `json:"stable_from"`
	// Periodic, when set, proves the quotient that of every heap.
	Periodic *misere.Periodicity `json:"periodic,omitempty"`
}

// misereResponse is the answer of POST /api/misere/{code}.
type misereResponse struct {
	Outcome string `json:"outcome"` // N: the player to move wins
	Move    *struct {
		Heaps []int `json:"heaps"`
	} `json:"move"`
	Method   string          `json:"method"`             // quotient, tame (misère Nim's rule) or search
	Quotient *misereQuotient `json:"quotient,omitempty"` // when the method is quotient
	// QuotientError says why no quotient decided, when one was tried.
	QuotientError string       `json:"quotient_error,omitempty"`
	Heaps         []misereHeap `json:"heaps"`
}

// Bounds of one misère request besides Options.MisereBudget: the time,
// checks and memory estimate given to the quotient, tried first, and the
// time given to the heaps' genera, which only illustrate.
const (
	misereQuotientTime   = 2 * time.Second
	misereQuotientChecks = 1_000_000
	misereQuotientMemory = 128 << 20
	misereGenusTime      = 2 * time.Second
)

// handleMisere answers POST /api/misere/{code}: the misère outcome of a sum
// of heaps of a heap game, a winning move, how it was decided (the misère
// quotient, tried first, misère Nim's rule or exact search) and each
// heap's genus.
func (s *Server) handleMisere(w http.ResponseWriter, r *http.Request) {
	g, err := heap.Parse(r.PathValue("code"))
	if err != nil {
		s.fail(w, r, errorf(http.StatusNotFound, "%v", err))
		return
	}
	req, ok := readRequest[misereRequest](s, w, r)
	if !ok {
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
		sv := misere.New(g, s.opts.MisereBudget)
		resp := misereResponse{Outcome: "P", Heaps: []misereHeap{}}
		q, qerr := s.quotients.quotient(ctx, sv, g.String(), slices.Max(req.Heaps))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if qerr != nil {
			resp.QuotientError = qerr.Error()
		}
		o, err := sv.Outcome(ctx, req.Heaps)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "%v", err)
		}
		resp.Method = o.Method
		if o.Wins {
			resp.Outcome = "N"
		}
		if o.Move != nil {
			resp.Move = &struct {
				Heaps []int `json:"heaps"`
			}{o.Move}
		}
		byQuotient := o.Method == misere.ByQuotient // q decided, by the map or its periodicity
		if byQuotient {
			x, _ := q.Element(req.Heaps)
			resp.Quotient = &misereQuotient{Heaps: q.Heaps, Order: q.Order, Element: q.Elements[x], PPortion: q.PPortion(), StableFrom: q.StableFrom(), Periodic: q.Periodic}
		}
		values, err := g.Plain(ctx, nil, slices.Max(req.Heaps)+1)
		if err != nil {
			return nil, err
		}
		gctx, cancel := context.WithTimeout(ctx, misereGenusTime)
		defer cancel()
		for _, h := range req.Heaps {
			mh := misereHeap{Heap: h, Value: int(values[h])}
			if byQuotient {
				x, _ := q.Element([]int{h})
				mh.Element = q.Elements[x]
			}
			if gen, err := sv.Genus(gctx, h); err == nil {
				if ph, err := sv.Phylum(gctx, h); err == nil {
					mh.Genus, mh.Gammas, mh.NimGenus = gen.String(), gen.Gamma, gen.Tame()
					mh.Phylum, mh.Tame = ph, ph == misere.Tame
				}
			}
			resp.Heaps = append(resp.Heaps, mh)
		}
		return resp, nil
	})
}

// quotientCache keeps, for each heap code, the largest misère quotient
// computed and the checkpoint of the furthest computation, finished or
// stopped by the request's bounds, so that a later request goes on from
// there instead of starting again: a quotient that takes longer than one
// request's bounds comes over several requests, and the sums with heaps up
// to the largest proved heap are decided by table look-ups after the first.
type quotientCache struct {
	mu sync.Mutex
	m  map[string]quotientEntry
}

type quotientEntry struct {
	q  *misere.Quotient
	ck *misere.Checkpoint
}

// Bounds of the quotient cache: the codes it keeps, the largest order of
// a quotient it keeps (the table has order² entries) and of a checkpoint
// (order² entries too).
const (
	quotientCacheCodes         = 64
	quotientCacheMaxOrder      = 1024
	quotientCacheMaxCheckpoint = 512
)

// quotient returns a misère quotient of code's heaps 1..n for sv: the
// cached one when it covers them, else one computed under the request's
// bounds, from the cached checkpoint when there is one (nil and why when
// none came). sv decides by it from then on.
func (c *quotientCache) quotient(ctx context.Context, sv *misere.Solver, code string, n int) (*misere.Quotient, error) {
	c.mu.Lock()
	e := c.m[code]
	c.mu.Unlock()
	if q := e.q; q != nil && (q.Heaps >= n || q.Periodic != nil) {
		sv.UseQuotient(q)
		return q, nil
	}
	qctx, cancel := context.WithTimeout(ctx, misereQuotientTime)
	defer cancel()
	sv.SetQuotientChecks(misereQuotientChecks)
	sv.SetQuotientMemory(misereQuotientMemory)
	var last *misere.Checkpoint
	sv.SetQuotientCheckpoint(func(ck *misere.Checkpoint) error {
		if ck.Order <= quotientCacheMaxCheckpoint {
			last = ck.Clone()
		}
		return nil
	})
	defer sv.SetQuotientChecks(0)
	defer sv.SetQuotientMemory(0)
	defer sv.SetQuotientCheckpoint(nil)
	from := e.ck
	if from != nil && from.Heap > n {
		n = from.Heap // the checkpoint's quotient covers the heaps asked
	}
	q, err := sv.QuotientFrom(qctx, from, n)
	c.keep(code, q, last)
	if err != nil {
		if qctx.Err() != nil && ctx.Err() == nil {
			err = fmt.Errorf("the misère quotient of heaps 1..%d did not come within %v", n, misereQuotientTime)
		}
		return nil, err
	}
	return q, nil
}

// keep remembers what a computation for code reached: its quotient q (nil
// when it stopped) and its last checkpoint ck (nil for none), each when it
// goes further than what is kept.
func (c *quotientCache) keep(code string, q *misere.Quotient, ck *misere.Checkpoint) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]quotientEntry{}
	}
	if _, ok := c.m[code]; !ok && len(c.m) >= quotientCacheCodes {
		clear(c.m)
	}
	e := c.m[code]
	if q != nil && q.Order <= quotientCacheMaxOrder && (e.q == nil || e.q.Periodic == nil && (q.Periodic != nil || e.q.Heaps < q.Heaps)) {
		e.q = q
	}
	if ck != nil && (e.ck == nil || e.ck.Heap < ck.Heap) {
		e.ck = ck
	}
	c.m[code] = e
}
