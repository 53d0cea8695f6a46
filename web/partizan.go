package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/game"
	"nimber/play"
	"nimber/problems"
)

// partizanRequest is the body of POST /api/partizan/{game}.
type partizanRequest struct {
	// Position is the position to analyse, in the game's text form
	// (Domineering "..|..|.#", Hackenbush "LRR GG", ...). It may be empty
	// where the game reads "" as a position (Hackenbush's empty picture).
	Position string `json:"position"`
	// Rules is as in playRequest: the text of a rules file, for the game
	// "rules" (PastedRules).
	Rules string `json:"rules"`
	// Move is the side to move, "left" or "right", or "" for either.
	// Where the value is out of reach and a search marks the moves, only
	// that side's moves are searched (the other's are decided where the
	// position's outcome decides them, else left undecided); "" searches
	// both sides' moves, Left's first. The canonical forms ignore it.
	Move string `json:"move"`
	// Cells asks for the hand moves of a board ("hand" in the answer):
	// each move of each side as the cells a player points at on the
	// part's board, for the games whose moves the page makes by hand.
	Cells bool `json:"cells"`
}

func (r *partizanRequest) rulesText() string { return r.Rules }

// handlePartizan answers POST /api/partizan/{game}: the analysis of a
// position of a partizan game (play.AnalyzePartizanWith, as nimber
// analyze --json prints it) with the thermographs of the position and of
// its parts, and for every move the whole position it leaves, so that the
// page can play it. An impartial game is refused with 400: it is played
// on /play. Like POST /api/value it runs aside (computeAside), since its
// Calc stops only between parts when the deadline passes.
//
// Where the value is out of reach, the answer is a search's of who wins
// instead (play.AnalyzePartizanSearch, "method" the search's): when the
// game's Check refuses the position but ParseSearch reads it, or when
// the canonical forms fail by the Calc's or the Evaluator's limits or
// take more than half the time limit. The search of the position has the
// rest of the time limit and the server's budget of positions
// (SearchNodes); the searches of the moves stop at nine tenths of the
// time limit, leaving the moves not decided by then undecided.
//
// With "cells" in the request the answer adds "hand": each side's moves
// as the cells a player points at on the board (handMovesOf), for the
// games whose moves the page makes by hand.
func (s *Server) handlePartizan(w http.ResponseWriter, r *http.Request) {
	var req partizanRequest
	g, e, ok := s.readPositionRequest(w, r, &req, nil)
	if !ok {
		return
	}
	pg, ok := game.PartizanOf(g)
	if !ok {
		s.fail(w, r, errorf(http.StatusBadRequest, "game %q is %s, not partizan: play it on /play (POST /api/play/%s)", e.Name, g.Info().Kind, e.Name))
		return
	}
	search := play.PartizanSearch{Both: true}
	switch req.Move {
	case "":
	case "left", "right":
		search.Both = false
		if req.Move == "right" {
			search.Mover = game.Right
		}
	default:
		s.fail(w, r, errorf(http.StatusBadRequest, "move %.40q: want \"left\" or \"right\" (the side to move), or none", req.Move))
		return
	}
	analyse := func(ctx context.Context) (*play.PartizanState, error) {
		start := time.Now()
		deadline, ok := ctx.Deadline()
		if !ok {
			deadline = start.Add(s.opts.Timeout)
		}
		budget := deadline.Sub(start)
		search.MovesUntil = start.Add(budget * 9 / 10)
		quoted := cgt.QuoteExpr(req.Position)
		pos, err := g.Parse(req.Position)
		if err != nil {
			if !play.OutOfReach(err) {
				return nil, e.Annotate(fmt.Errorf("position %s: %w", quoted, err))
			}
			// Refused by Check: the search may reach further.
			checkErr := err
			if pos, err = pg.ParseSearch(req.Position); err != nil {
				return nil, e.Annotate(fmt.Errorf("position %s: %w", quoted, err))
			}
			st, err := s.searchPartizan(ctx, g, pos, search)
			if err != nil {
				return nil, e.Annotate(fmt.Errorf("position %s: %w; the search of who wins: %w", quoted, checkErr, err))
			}
			return st, nil
		}
		vctx, cancel := context.WithDeadline(ctx, start.Add(budget/2))
		st, err := play.AnalyzePartizanWith(vctx, g, pos, cgt.New(s.valueMemory()), play.PartizanOptions{Thermographs: true, Limit: s.loopyPositions()})
		late := vctx.Err() != nil // before cancel, which sets it
		cancel()
		switch {
		case err == nil:
			return st, nil
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case g.Info().Repeats:
			// No search of who wins follows play that may go on for ever.
			if late {
				err = fmt.Errorf("its loopy value took more than half the time limit of %v", s.opts.Timeout)
			}
			return nil, e.Annotate(s.partizanError(err))
		case !late && !play.OutOfReach(err):
			return nil, e.Annotate(s.partizanError(err))
		}
		valueErr := s.partizanError(err)
		if late {
			valueErr = fmt.Errorf("the canonical forms took more than half the time limit of %v", s.opts.Timeout)
		}
		st, err = s.searchPartizan(ctx, g, pos, search)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, e.Annotate(fmt.Errorf("%w; the search of who wins: %w", valueErr, err))
		}
		return st, nil
	}
	s.computeAside(w, r, fmt.Sprintf("the partizan analysis of %s %.200q", e.Name, req.Position), func(ctx context.Context) (any, error) {
		st, err := analyse(ctx)
		switch {
		case err != nil:
			return nil, err
		case !req.Cells:
			return st, nil
		}
		return partizanResponse{PartizanState: st, Hand: handMovesOf(e.Name, pg, st)}, nil
	})
}

// searchPartizan is play.AnalyzePartizanSearch of pos within the server's
// limits: a table of MaxMemory / 8 for the position's search and a
// quarter of that for each move's, the canonical forms of small regions
// inside the search in a Calc of MaxMemory / 16 by its estimate (what it
// allocates, calcOverhead times as much, a quarter of MaxMemory), at most
// SearchNodes positions in all, one thread (a computation slot is one
// core's). Its errors say which limit.
func (s *Server) searchPartizan(ctx context.Context, g game.Game, pos game.Position, o play.PartizanSearch) (*play.PartizanState, error) {
	o.Outcome = game.OutcomeOptions{TableMiB: s.searchTableMiB(), ValueMiB: s.searchValueMiB(), MaxNodes: s.opts.SearchNodes, Threads: 1}
	o.MoveTableMiB = max(1, o.Outcome.TableMiB/4)
	st, err := play.AnalyzePartizanSearch(ctx, g, pos, o)
	switch {
	case err == nil:
		return st, nil
	case errors.Is(err, game.ErrSearchLimit):
		return nil, fmt.Errorf("%w (this server's limit for a search: %d positions)", err, s.opts.SearchNodes)
	case errors.Is(err, cgt.ErrLimit):
		return nil, fmt.Errorf("%w (this server's limit for the values inside a search: %d MiB by the Calc's estimate)", err, s.searchValueMiB())
	}
	return nil, err
}

// searchTableMiB is the table of the search of a position's outcome, in
// MiB: MaxMemory / 8 (32 MiB by default), at least 1.
func (s *Server) searchTableMiB() int { return int(max(1, s.opts.MaxMemory/8>>20)) }

// searchValueMiB is the Calc of the values inside a search, in MiB by its
// estimate: MaxMemory / 16 (16 MiB by default), at least 1.
func (s *Server) searchValueMiB() int {
	return int(max(1, s.opts.MaxMemory/(4*calcOverhead)>>20))
}

// partizanError says which of the server's limits a valuation passed.
func (s *Server) partizanError(err error) error {
	var parts *game.LimitError
	switch {
	case errors.Is(err, cgt.ErrLimit):
		return fmt.Errorf("%w (this server's limit for a value: %s by the Calc's estimate)", err, problems.FormatBytes(s.valueMemory()))
	case errors.As(err, &parts) && parts.Limit == s.valueMemory()/game.PartBytes:
		// The Evaluator's bound on distinct parts, taken from the Calc's.
		return fmt.Errorf("%w (this server's limit for a value: %s, %d bytes a part)", err, problems.FormatBytes(s.valueMemory()), game.PartBytes)
	case errors.Is(err, cgt.ErrWork):
		return fmt.Errorf("%w (%d comparisons)", err, int64(cgt.DefaultWork))
	case errors.Is(err, loopy.ErrTooManyPositions):
		return fmt.Errorf("%w (this server's limit for a loopy value: %d positions)", err, s.loopyPositions())
	}
	return err
}
