package web

import (
	"context"
	"net/http"
	"strings"

	"nimber/game"
	"nimber/play"
	"nimber/registry"
)

// playRequest is the body of POST /api/play/{game}.
type playRequest struct {
	// Position is the start, in the game's text form (a board's rows
	// joined by "\n", heap sizes "5 7 9", ...).
	Position string `json:"position"`
	// Moves are the moves played from the start, in order.
	Moves []play.Choice `json:"moves"`
	// Reply asks the engine to play the next move when the game is not
	// over.
	Reply bool `json:"reply"`
	// Rules is the text of a Starlark rules file (see games/rules), the
	// game of the requests for the game "rules" (PastedRules).
	Rules string `json:"rules"`
}

// PastedRules is the game name of requests that send their rules file's
// text in their "rules" field.
const PastedRules = "rules"

// pastedStepBudget bounds the Starlark steps of a pasted rules file, which
// is compiled anew for each request: those of each call of its code and
// those of each piece of the request's work, all calls together (about a
// second each), where a file given to the command line has a budget per
// call only (registry.DefaultRulesSteps, or serve's --max-steps).
const pastedStepBudget = 100_000_000

func (r *playRequest) rulesText() string  { return r.Rules }
func (r *movesRequest) rulesText() string { return r.Rules }

// playResponse is the answer of POST /api/play/{game}.
type playResponse struct {
	// State is the position after the moves (and the reply).
	State *play.State `json:"state"`
	// Reply is the engine's move, null when none was asked or the game was
	// over.
	Reply *play.Choice `json:"reply"`
}

// handlePlay answers POST /api/play/{game}: replays the moves from the
// start, checking each, and plays the engine's reply if asked.
func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	g, e, ok := s.readPositionRequest(w, r, &req, &req.Position)
	if !ok {
		return
	}
	opts := s.gameOptions()
	s.compute(w, r, func(ctx context.Context) (any, error) {
		if !req.Reply {
			st, err := play.Replay(ctx, g, req.Position, req.Moves, opts)
			return playResponse{State: st}, e.Annotate(err)
		}
		st, reply, err := play.ReplayAndReply(ctx, g, req.Position, req.Moves, opts)
		return playResponse{State: st, Reply: reply}, e.Annotate(err)
	})
}

// movesRequest is the body of POST /api/moves/{game}.
type movesRequest struct {
	// Position is the position to explain, in the game's text form.
	Position string `json:"position"`
	// Rules is as in playRequest.
	Rules string `json:"rules"`
}

// handleMoves answers POST /api/moves/{game}: the position's value as the
// nim-sum of its parts, its remoteness, and every legal move with the
// value, outcome, remoteness and parts it leaves (play.Explanation).
func (s *Server) handleMoves(w http.ResponseWriter, r *http.Request) {
	var req movesRequest
	g, e, ok := s.readPositionRequest(w, r, &req, &req.Position)
	if !ok {
		return
	}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		pos, err := g.Parse(req.Position)
		if err != nil {
			return nil, e.Annotate(err)
		}
		ex, err := play.Explain(ctx, g, pos, s.gameOptions(), min(s.exploreLimit(), play.ExplainLimit))
		return ex, e.Annotate(err)
	})
}

// readPositionRequest reads the game named by the path and the JSON body
// into req, whose position field is position; it answers the error and
// returns false when either is bad or the position is missing (unless
// position is nil: the game's Parse then judges an empty one). The game
// "rules" (PastedRules) is compiled from the body's rules text, unless the
// server was started with a rules file of that name.
func (s *Server) readPositionRequest(w http.ResponseWriter, r *http.Request, req interface{ rulesText() string }, position *string) (game.Game, *registry.Entry, bool) {
	name := r.PathValue("game")
	var (
		g   game.Game
		e   *registry.Entry
		err error
	)
	if name == PastedRules && !s.serves(name) {
		if err = s.readJSON(w, r, req); err == nil {
			g, e, err = compilePasted(req.rulesText())
		}
	} else if g, e, err = s.lookup(name); err == nil {
		err = s.readJSON(w, r, req)
	}
	if err == nil && position != nil && strings.TrimSpace(*position) == "" {
		err = errorf(http.StatusBadRequest, "position is missing: give one in the game's text form (%s)", e.Format)
		if e.ExamplePosition != "" {
			err = errorf(http.StatusBadRequest, "position is missing: give one, e.g. %q", e.ExamplePosition)
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return nil, nil, false
	}
	return g, e, true
}

// compilePasted compiles the text of a rules file sent with a request,
// named "rules.star" in its errors.
func compilePasted(text string) (game.Game, *registry.Entry, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil, errorf(http.StatusBadRequest, "rules is missing: send the text of a rules file, which defines moves(p)")
	}
	g, e, err := registry.CompileRules("rules.star", []byte(text), pastedStepBudget)
	if err != nil {
		return nil, nil, errorf(http.StatusBadRequest, "%v", err)
	}
	return g, e, nil
}

// gameOptions are the options of the server's analyses of games.
func (s *Server) gameOptions() game.Options {
	return game.Options{MaxMemory: s.opts.MaxMemory, Limit: s.exploreLimit()}
}
