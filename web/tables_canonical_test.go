package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/play"
	"nimber/registry"
	"nimber/registry/registrytest"
)

// canonicalTable answers GET /api/table/{name}?function=canonical&family=
// FAMILY&to=TO, decoded with unknown keys refused.
func canonicalTable(t *testing.T, s http.Handler, name, family string, to int) canonicalTableResponse {
	t.Helper()
	target := "/api/table/" + name + "?function=canonical&family=" + url.QueryEscape(family) + "&to=" + strconv.Itoa(to)
	rec := answer(t, s, "GET", target, "", nil)
	var resp canonicalTableResponse
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&resp); err != nil {
		t.Fatalf("%s: %v", target, err)
	}
	return resp
}

// TestTableCanonical: the rows of a table of canonical forms are the
// empty boards and rows the family names, numbered 1..to, with the
// canonical forms of Domineering's 2 x n boards in the literature (Berlekamp
// et al., Winning Ways: 1, ±1, {2|-1/2}, Miny(2), ...), and every row's
// canonical form and outcome are those POST /api/partizan gives its
// position on its own.
func TestTableCanonical(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	resp := canonicalTable(t, s, "domineering", "2xN", 6)
	if resp.Game != "domineering" || resp.Function != "canonical" || resp.Family != "2xN" || len(resp.Rows) != 6 {
		t.Fatalf("answer %+v", resp)
	}
	want := []string{"1", "+-1", "{2|-1/2}", "Miny(2)", "1/2", "{1Miny(2)|-1}"}
	for i, r := range resp.Rows {
		board := strings.Repeat(".", i+1) + "|" + strings.Repeat(".", i+1)
		if r.N != i+1 || r.Position != board || r.Canonical != want[i] {
			t.Errorf("row %d: %+v, want n %d, %q, %s", i+1, r, i+1, board, want[i])
		}
	}
	for _, c := range []struct {
		game, family string
		to           int
	}{{"domineering", "2xN", 6}, {"domineering", "Nx3", 4}, {"domineering", "NxN", 3}, {"toads-frogs", "T^N.^2F^N", 4}, {"toads-frogs", "F^2.^NT", 5}} {
		resp := canonicalTable(t, s, c.game, c.family, c.to)
		if len(resp.Rows) != c.to {
			t.Fatalf("%s %s: %d rows, want %d", c.game, c.family, len(resp.Rows), c.to)
		}
		for i, r := range resp.Rows {
			rec := do(t, s, "POST", "/api/partizan/"+c.game, partizanBody(r.Position))
			var st play.PartizanState
			decode(t, rec, &st)
			if r.N != i+1 || r.Canonical != st.Canonical || r.Outcome != st.Outcome {
				t.Errorf("%s %s row %d %q: %s (%s), /api/partizan says %s (%s)", c.game, c.family, r.N, r.Position, r.Canonical, r.Outcome, st.Canonical, st.Outcome)
			}
		}
	}
}

// TestTableCanonicalRefused: every refusal is a one-line 400 that says
// what and where, before anything is valued: a member over the game's
// limits is named as the CLI names it.
func TestTableCanonicalRefused(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for target, want := range map[string]string{
		"/api/table/domineering?function=canonical&family=2xN&to=20":            "family=2xN to=20: member 19: the 2 x 19 board: 38 empty cells, limit 36",
		"/api/table/toads-frogs?function=canonical&family=T%5EN.&to=21":         "family=T^N. to=21: member 20: part 1 (TTTTTTTTTTTTTTTTTTTT.): 21 squares, limit 20",
		"/api/table/domineering?function=canonical&family=3xM":                  `family=3xM: no family "3xM" of domineering`,
		"/api/table/toads-frogs?function=canonical&family=T.F":                  `family=T.F: no family "T.F" of toads-frogs: no ^N in the pattern`,
		"/api/table/domineering?function=canonical":                             "function=canonical takes family: KxN (",
		"/api/table/domineering?function=canonical&family=":                     "function=canonical takes family: KxN (",
		"/api/table/domineering?function=canonical&family=2xN&to=0":             `to="0" is not an integer in 1..65536`,
		"/api/table/domineering?function=canonical&family=2xN&to=65537":         `to="65537" is not an integer in 1..65536`,
		"/api/table/domineering?family=2xN":                                     "family belongs to function=canonical (tables of canonical forms of partizan games), not function=grundy",
		"/api/table/domineering?function=w&family=2xN":                          "not function=w",
		"/api/table/domineering?function=canonical&family=2xN&size=3":           "size belongs to the tables of knights",
		"/api/table/0.77?function=canonical&family=2xN":                         "no table of canonical forms of 0.77: it is a game of kind impartial, valued by Grundy values (try function=grundy)",
		"/api/table/clobber?function=canonical&family=2xN":                      "no table of canonical forms of clobber: it has no families of positions",
		"/api/table/domineering":                                                "(a table of canonical forms: function=canonical&family=NAME, families KxN, NxK, NxN)",
		"/api/table/domineering?function=canonical&family=2xN&to=3&family2=1":   `unknown query parameter "family2"`,
		"/api/table/domineering?function=canonical&family=2xN&family=3xN&to=3":  `query parameter "family" given 2 times`,
		"/api/table/toads-frogs?function=canonical&family=T%5EN.%5E99999F&to=1": "family=T^N.^99999F: no family",
	} {
		rec := do(t, s, "GET", target, "")
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400; %s", target, rec.Code, rec.Body)
			continue
		}
		if msg := errorOf(t, rec); !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line with %q", target, msg, want)
		}
	}
	if rec := do(t, s, "GET", "/api/table/nosuchgame?function=canonical&family=2xN", ""); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown game: status %d, want 404", rec.Code)
	}
}

// TestTableCanonicalLimits: a table whose canonical forms pass the
// server's memory for a value is refused with 400 naming the member and
// the limit; one past the deadline is answered 504 and gives its slot back.
func TestTableCanonicalLimits(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxMemory: 4 << 20})
	rec := do(t, s, "GET", "/api/table/domineering?function=canonical&family=NxN&to=6", "")
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d, want 400; %s", rec.Code, rec.Body)
	}
	if msg := errorOf(t, rec); !strings.HasPrefix(msg, "family=NxN: member ") || !strings.Contains(msg, "this server's limit for a value: 1.0 MiB") {
		t.Errorf("error %q does not name the member and the server's limit", msg)
	}

	s, _ = newTestServer(t, Options{Timeout: 20 * time.Millisecond})
	rec = do(t, s, "GET", "/api/table/domineering?function=canonical&family=NxN&to=6", "")
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d, want 504; %s", rec.Code, rec.Body)
	}
	for i := 0; len(s.slots) > 0; i++ {
		if i == 3000 {
			t.Fatal("the computation kept its slot for 30 s after its deadline")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestGamesFamilies: GET /api/games lists the families of exactly the
// games with game.Families, as the game says them.
func TestGamesFamilies(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	var list []registry.Info
	decode(t, do(t, s, "GET", "/api/games", ""), &list)
	with := 0
	for _, info := range list {
		name := info.Name
		if info.Family {
			name = info.Example
		}
		g := registrytest.Game(t, name)
		fs, ok := game.FamiliesOf(g)
		if ok != (info.Families != nil) {
			t.Errorf("%s: families %v, the game has families: %v", name, info.Families, ok)
			continue
		}
		if ok {
			with++
			if got, want := len(info.Families), len(fs.Families()); got != want || info.Families[0] != fs.Families()[0] {
				t.Errorf("%s: families %v, want %v", name, info.Families, fs.Families())
			}
		}
	}
	if with < 2 {
		t.Errorf("%d games with families listed, want domineering and toads-frogs at least", with)
	}
}
