package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"nimber/cgt"
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
}

func (r *partizanRequest) rulesText() string { return r.Rules }

// handlePartizan answers POST /api/partizan/{game}: the analysis of a
// position of a partizan game (play.AnalyzePartizanWith, as nimber
// analyze --json prints it) with the thermographs of the position and of
// its parts, and for every move the whole position it leaves, so that the
// page can play it. An impartial game is refused with 400: it is played
// on /play. Like POST /api/value it runs aside (computeAside), since its
// Calc stops only between parts when the deadline passes.
func (s *Server) handlePartizan(w http.ResponseWriter, r *http.Request) {
	var req partizanRequest
	g, e, ok := s.readPositionRequest(w, r, &req, nil)
	if !ok {
		return
	}
	if _, ok := game.PartizanOf(g); !ok {
		s.fail(w, r, errorf(http.StatusBadRequest, "game %q is %s, not partizan: play it on /play (POST /api/play/%s)", e.Name, g.Info().Kind, e.Name))
		return
	}
	s.computeAside(w, r, fmt.Sprintf("the partizan analysis of %s %.200q", e.Name, req.Position), func(ctx context.Context) (any, error) {
		pos, err := g.Parse(req.Position)
		if err != nil {
			return nil, e.Annotate(fmt.Errorf("position %s: %w", cgt.QuoteExpr(req.Position), err))
		}
		st, err := play.AnalyzePartizanWith(ctx, g, pos, cgt.New(s.valueMemory()), play.PartizanOptions{Thermographs: true})
		if err != nil {
			return nil, e.Annotate(s.partizanError(err))
		}
		return st, nil
	})
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
	}
	return err
}
