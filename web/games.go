package web

import (
	"net/http"

	"nimber/game"
	"nimber/registry"
)

// gameList builds the answer of GET /api/games: the registry's entries,
// then the rules files the server was started with.
func (s *Server) gameList() []registry.Info {
	var out []registry.Info
	for _, e := range append(registry.Entries(), s.opts.Rules...) {
		if info, err := e.Info(); err == nil {
			out = append(out, info)
		}
	}
	return out
}

// handleList returns the handler of a GET endpoint that answers v, built
// once at start (GET /api/games, /api/problems).
func (s *Server) handleList(v any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, err := query(r); err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// serves reports whether the server was started with a rules file called
// name.
func (s *Server) serves(name string) bool {
	for _, e := range s.opts.Rules {
		if e.Name == name {
			return true
		}
	}
	return false
}

// lookup returns the game called name: a rules file of the server's, or a
// game of the registry. Its error is a 404.
func (s *Server) lookup(name string) (game.Game, *registry.Entry, error) {
	for _, e := range s.opts.Rules {
		if e.Name == name {
			g, err := e.Open(name)
			return g, e, err
		}
	}
	g, e, err := registry.Lookup(name)
	if err != nil {
		return nil, nil, errorf(http.StatusNotFound, "%v", err)
	}
	return g, e, nil
}
