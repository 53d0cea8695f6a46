package web

import (
	"net/http"
	"slices"
	"strings"

	"nimber/store"
)

// handleCensus answers GET /api/census: the census database's longest
// run of each code (store.Run), sorted by sort (one of store.Orders,
// default code), decreasing when desc=1; 404 when the server has no
// database.
func (s *Server) handleCensus(w http.ResponseWriter, r *http.Request) {
	q, err := query(r, "sort", "desc")
	if err == nil && s.opts.Census == nil {
		err = errorf(http.StatusNotFound, "this server has no census database: start it with nimber serve --db FILE, after nimber census --db FILE")
	}
	order := q["sort"]
	if err == nil && order != "" && !slices.Contains(store.Orders, order) {
		err = errorf(http.StatusBadRequest, "sort %q: want one of %s", order, strings.Join(store.Orders, ", "))
	}
	desc := q["desc"]
	if err == nil && desc != "" && desc != "0" && desc != "1" {
		err = errorf(http.StatusBadRequest, "desc %q: want 0 or 1", desc)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	runs, err := s.opts.Census.List(r.Context(), store.ListOptions{OrderBy: order, Desc: desc == "1"})
	if err != nil {
		s.fail(w, r, errorf(http.StatusInternalServerError, "reading the census database: %v", err))
		return
	}
	if runs == nil {
		runs = []store.Run{}
	}
	writeJSON(w, http.StatusOK, runs)
}
