package web

import (
	"net/http"
	"strings"
	"testing"

	"nimber/game"
	"nimber/game/gametest"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// TestRecords checks GET /api/records/{game}: Domineering's records as the
// game serves them (records.tsv), byte for byte, with the sources they
// cite; /api/games marks the games with records; a game without records,
// an unknown game, a parameter and another method are refused with one
// line.
func TestRecords(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var got recordsResponse
	rec := answer(t, s, "GET", "/api/records/domineering", "", &got)
	g := registrytest.Game(t, "domineering")
	recs := gametest.As(t, g, game.RecordsOf, "records")
	sameJSON(t, "the game's records", rec, recordsResponse{Game: "domineering", Records: recs.Records(), Sources: recs.RecordSources()})
	sources := map[string]bool{}
	for _, src := range got.Sources {
		sources[src.Key] = true
	}
	var eight *game.Record
	for i, r := range got.Records {
		if !sources[r.Source] {
			t.Errorf("%d x %d cites %q, which the answer does not list", r.Rows, r.Cols, r.Source)
		}
		if r.Rows == 8 && r.Cols == 8 {
			eight = &got.Records[i]
		}
	}
	if len(got.Records) < 130 || eight == nil || eight.Outcome != "N" || eight.LeftFirst != "Left" || eight.RightFirst != "Right" || eight.Positions == nil || *eight.Positions <= 0 || eight.Machine == "" {
		t.Errorf("%d records, 8 x 8: %+v", len(got.Records), eight)
	}
	if !strings.Contains(rec.Body.String(), `"rows":8,"cols":8,"left_first":"Left","right_first":"Right","outcome":"N","source":"breuker2000","evidence":"abstract","positions":`) {
		t.Errorf("8 x 8 is not written as documented: %.400s", rec.Body)
	}

	var list []registry.Info
	answer(t, s, "GET", "/api/games", "", &list)
	for _, info := range list {
		if info.Records != (info.Name == "domineering") {
			t.Errorf("/api/games: %s has records %v", info.Name, info.Records)
		}
	}

	for _, tc := range []struct {
		method, target string
		status         int
		want           string
	}{
		{"GET", "/api/records/clobber", http.StatusNotFound, "no published records of clobber: games with records: domineering"},
		{"GET", "/api/records/chess", http.StatusNotFound, `unknown game "chess"`},
		{"GET", "/api/records/domineering?game=domineering", http.StatusBadRequest, `unknown query parameter "game"`},
		{"POST", "/api/records/domineering", http.StatusMethodNotAllowed, "method POST not allowed on /api/records/domineering: use GET"},
	} {
		refused(t, s, tc.method, tc.target, "", tc.status, tc.want)
	}
}
