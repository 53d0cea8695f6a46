package web

import (
	"net/http"
	"strings"

	"nimber/game"
)

// recordsResponse is the answer of GET /api/records/{game}: the game's
// published results (game.Records) and the publications they cite.
type recordsResponse struct {
	Game    string        `json:"game"`
	Records []game.Record `json:"records"`
	Sources []game.Source `json:"sources"`
}

// handleRecords answers GET /api/records/{game}: the published results of
// a game with records (Domineering's empty rectangles, read from the
// records.tsv the binary embeds), with who wins each way, the source and
// what nimber measured; 404 for a game without records.
func (s *Server) handleRecords(w http.ResponseWriter, r *http.Request) {
	if _, err := query(r); err != nil {
		s.fail(w, r, err)
		return
	}
	name := r.PathValue("game")
	g, _, err := s.lookup(name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	recs, ok := game.RecordsOf(g)
	if !ok {
		var with []string
		for _, info := range s.games {
			if info.Records {
				with = append(with, info.Name)
			}
		}
		s.fail(w, r, errorf(http.StatusNotFound, "no published records of %s: games with records: %s", name, strings.Join(with, ", ")))
		return
	}
	writeJSON(w, http.StatusOK, recordsResponse{Game: name, Records: recs.Records(), Sources: recs.RecordSources()})
}
