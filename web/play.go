package web

import (
	"context"
	"net/http"
	"slices"

	"nimber/games/moveset"
	"nimber/play"
)

// playMaxSide returns the largest side of a play board of the game.
func playMaxSide(game string) int {
	if game == "boi2008-game" {
		return play.MaxSideBOI
	}
	return play.MaxSide
}

// playable reports whether POST /api/play takes the game.
func playable(game string) bool { return slices.Contains(play.Games(), game) }

// playRequest is the body of POST /api/play/{game}.
type playRequest struct {
	// Board is the start: rows in the game's official alphabet.
	Board []string `json:"board"`
	// Moves are the moves played from the start, in order.
	Moves []play.Move `json:"moves"`
	// Reply asks the engine to play the next move when the game is not
	// over.
	Reply bool `json:"reply"`
	// Steps are the steps of the knights' tokens, as moveset.ParseSteps
	// reads them ("1,-2;-1,-2;-2,1;-2,-1"); empty: the seed's knight steps.
	Steps string `json:"steps"`
}

// playResponse is the answer of POST /api/play/{game}.
type playResponse struct {
	// Position is the position after the moves (and the reply).
	Position *play.Position `json:"position"`
	// Reply is the engine's move, null when none was asked or the game
	// was over.
	Reply *play.Move `json:"reply"`
}

// handlePlay answers POST /api/play/{game}: replays the moves on the
// board, checking each, and plays the engine's reply if asked.
func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	game := r.PathValue("game")
	if !playable(game) {
		s.fail(w, r, errorf(http.StatusNotFound, "%v", &play.UnknownGameError{Name: game}))
		return
	}
	var req playRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(req.Board) == 0 {
		s.fail(w, r, errorf(http.StatusBadRequest, "board is missing: give its rows, e.g. [\"..#\", \"...\"]"))
		return
	}
	var opts play.ReplayOptions
	if req.Steps != "" {
		if game != "knights" {
			s.fail(w, r, errorf(http.StatusBadRequest, "steps belong to the knights game"))
			return
		}
		var err error
		if opts.Steps, err = moveset.ParseSteps(req.Steps); err != nil {
			s.fail(w, r, errorf(http.StatusBadRequest, "steps: %v", err))
			return
		}
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		if !req.Reply {
			pos, err := play.ReplayWithOptions(ctx, game, req.Board, req.Moves, opts)
			return playResponse{Position: pos}, err
		}
		pos, reply, err := play.ReplayAndReply(ctx, game, req.Board, req.Moves, opts)
		return playResponse{Position: pos, Reply: reply}, err
	})
}
