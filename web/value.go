package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/misere/canon"
	"nimber/problems"
)

// Limits of POST /api/value.
const (
	// MaxValueExprs bounds the expressions of a sum.
	MaxValueExprs = 32
	// MaxExprBytes bounds the length of one expression.
	MaxExprBytes = 4096
	// calcOverhead is what a Calc allocates for each byte of its own
	// estimate of what it holds, garbage included: measured, 2.1 (36 MiB
	// for an estimate of 16 MiB, 132 MiB for 64 MiB, on sums of switches
	// that pass the limit), rounded up with a margin.
	calcOverhead = 4
)

// valueRequest is the body of POST /api/value.
type valueRequest struct {
	// Exprs are games in CGSuite's notation, added.
	Exprs []string `json:"exprs"`
	// Misere asks for the misère canonical form of impartial games in
	// CGSuite's notation of misère games (*[2#0]), as nimber value
	// --misere --json prints it.
	Misere bool `json:"misere,omitempty"`
	// Parts asks a misère value for its decomposition into parts too
	// (nimber value --misere --parts).
	Parts bool `json:"parts,omitempty"`
}

// valueMemory is the memory a Calc of POST /api/value may hold by its
// estimate: MaxMemory / calcOverhead (64 MiB by default), so that what it
// allocates stays under MaxMemory.
func (s *Server) valueMemory() int64 { return max(s.opts.MaxMemory/calcOverhead, 1<<20) }

// loopyPositions bounds the positions of a loopy value and of the pairs
// its simplest form compares: about 0.8 KiB each, counted as 1 KiB (see
// nimber value), so that they stay within the value's memory.
func (s *Server) loopyPositions() int { return int(max(s.valueMemory()>>10, 1)) }

// handleValue answers POST /api/value: the description of a sum of games
// in CGSuite's notation, as nimber value --json --thermograph prints it;
// a loopy game's as nimber value --json prints it (package loopy).
//
// The Calc cannot be stopped in the middle of an operation, so it runs
// aside (computeAside): when the deadline passes the request gets 504 at
// once, and the computation keeps its slot until the Calc's memory and
// work limits end it, so that no more than MaxConcurrent Calcs ever run.
func (s *Server) handleValue(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest[valueRequest](s, w, r)
	if !ok {
		return
	}
	if n := len(req.Exprs); n < 1 || n > MaxValueExprs {
		s.fail(w, r, errorf(http.StatusBadRequest, "exprs: %d given, want 1..%d games in CGSuite's notation", n, MaxValueExprs))
		return
	}
	for i, e := range req.Exprs {
		if len(e) > MaxExprBytes {
			s.fail(w, r, errorf(http.StatusBadRequest, "expression %d %s: %d bytes, over the limit of %d", i+1, cgt.QuoteExpr(e), len(e), MaxExprBytes))
			return
		}
	}
	if req.Parts && !req.Misere {
		s.fail(w, r, errorf(http.StatusBadRequest, "parts: a decomposition into parts is of a misère value (misere: true)"))
		return
	}
	if req.Misere {
		s.computeAside(w, r, fmt.Sprintf("a misère value of %.200q", req.Exprs), func(ctx context.Context) (any, error) {
			d, err := canon.DescribeSum(ctx, req.Exprs, s.misereTableSize(), req.Parts)
			if err != nil {
				return nil, s.misereError(req.Exprs, err)
			}
			return d, nil
		})
		return
	}
	s.computeAside(w, r, fmt.Sprintf("a value of %.200q", req.Exprs), func(ctx context.Context) (any, error) {
		c := cgt.New(s.valueMemory())
		if slices.ContainsFunc(req.Exprs, loopy.LooksLoopy) {
			d, err := loopy.DescribeSum(ctx, c, req.Exprs, s.loopyPositions())
			if err != nil {
				return nil, s.valueError(req.Exprs, err)
			}
			return d, nil
		}
		d, err := c.DescribeSum(req.Exprs, true)
		if err != nil {
			return nil, s.valueError(req.Exprs, err)
		}
		return d, nil
	})
}

// misereTableSize is the size of the table of misère canonical forms of
// a misère value: about 16 bytes a unit, within the value's memory.
func (s *Server) misereTableSize() int { return int(s.valueMemory() >> 4) }

// misereError says which expression, or the sum, failed, and which limit
// was passed.
func (s *Server) misereError(exprs []string, err error) error {
	se, ok := errors.AsType[*canon.SumError](err)
	if !ok {
		return badRequest(err)
	}
	cause := se.Err
	if errors.Is(cause, canon.ErrLimit) {
		cause = fmt.Errorf("%w (this server's limit for a misère value: %s)", cause, problems.FormatBytes(s.valueMemory()))
	}
	switch {
	case se.Read:
		return errorf(http.StatusBadRequest, "expression %d %s: %v", se.Index+1, cgt.QuoteExpr(exprs[se.Index]), cause)
	case se.Index > 0:
		return errorf(http.StatusBadRequest, "the sum of expressions 1..%d: %v", se.Index+1, cause)
	}
	return errorf(http.StatusBadRequest, "the value of the game: %v", cause)
}

// valueError says which expression, or the sum, failed, and which limit
// was passed.
func (s *Server) valueError(exprs []string, err error) error {
	if ae, ok := errors.AsType[*apiError](err); ok {
		return ae
	}
	se, ok := errors.AsType[*cgt.SumError](err)
	if !ok {
		return badRequest(err)
	}
	cause := se.Err
	switch {
	case errors.Is(cause, cgt.ErrLimit):
		cause = fmt.Errorf("%w (this server's limit for a value: %s by the Calc's estimate)", cause, problems.FormatBytes(s.valueMemory()))
	case errors.Is(cause, cgt.ErrWork):
		cause = fmt.Errorf("%w (%d comparisons)", cause, int64(cgt.DefaultWork))
	case errors.Is(cause, loopy.ErrTooManyPositions):
		cause = fmt.Errorf("%w (this server's limit for a loopy value: %d positions)", cause, s.loopyPositions())
	}
	switch se.Stage {
	case cgt.StageRead:
		return errorf(http.StatusBadRequest, "expression %d %s: %v", se.Index+1, cgt.QuoteExpr(exprs[se.Index]), cause)
	case cgt.StageAdd:
		return errorf(http.StatusBadRequest, "the sum of expressions 1..%d: %v", se.Index+1, cause)
	}
	return errorf(http.StatusBadRequest, "the value of the sum: %v", cause)
}
