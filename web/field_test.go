package web

import (
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"nimber/sg/nimfield"
)

// TestField checks POST /api/field: products against nimfield.Mul,
// inverses and square roots by their identities, words as strings or
// integers, the table of 0..15 entry by entry, and answers in the JSON of
// nimber field --json.
func TestField(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	call := func(body string) (a nimfield.Answer) {
		t.Helper()
		answer(t, s, "POST", "/api/field", body, &a)
		return a
	}
	// The products of 0..15 by package nimfield, whose TestMex holds them
	// to the mex definition.
	var want [16][16]uint64
	for a := range 16 {
		for b := range 16 {
			want[a][b] = nimfield.Mul(uint64(a), uint64(b))
			got := call(`{"op": "mul", "args": [` + strconv.Itoa(a) + `, "` + strconv.Itoa(b) + `"]}`)
			if got.Op != "mul" || got.Result != strconv.FormatUint(want[a][b], 10) {
				t.Fatalf("%d ⊗ %d: %+v, nimfield.Mul gives %d", a, b, got, want[a][b])
			}
		}
	}
	table := call(`{"op": "table", "args": [16]}`)
	if len(table.Table) != 16 {
		t.Fatalf("table: %+v", table)
	}
	for a := range 16 {
		for b := range 16 {
			if table.Table[a][b] != want[a][b] {
				t.Errorf("table row %d column %d: %d, nimfield.Mul gives %d", a, b, table.Table[a][b], want[a][b])
			}
		}
	}
	// All 64 bits survive: 2^63 and 2^64-1 as strings, in hexadecimal too.
	for _, a := range []string{"5", "0x8000000000000000", "18446744073709551615", "0xdeadbeef"} {
		inv := call(`{"op": "inv", "args": ["` + a + `"]}`).Result
		if p := call(`{"op": "mul", "args": ["` + a + `", "` + inv + `"]}`).Result; p != "1" {
			t.Errorf("inv %s = %s: product %s", a, inv, p)
		}
		root := call(`{"op": "sqrt", "args": ["` + a + `"]}`).Result
		sq := call(`{"op": "pow", "args": ["` + root + `", 2]}`)
		if want := call(`{"op": "mul", "args": ["` + a + `"]}`).Args[0]; sq.Result != want {
			t.Errorf("sqrt %s = %s, whose square is %s", a, root, sq.Result)
		}
	}
	rec := do(t, s, "POST", "/api/field", `{"op": "mul", "args": [2, 3]}`)
	sameBody(t, "2 ⊗ 3", rec, `{"op":"mul","args":["2","3"],"result":"1"}`)
}

// TestFieldRefusals: bad operations, words and sizes are answered 400 with
// one line that says which, before a table is made.
func TestFieldRefusals(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	many, _ := json.Marshal(fieldRequest{Op: "mul", Args: make([]fieldWord, nimfield.MaxFactors+1)})
	for _, c := range []struct{ body, want string }{
		{`{"op": "div", "args": [1]}`, `operation "div"`},
		{`{"op": "inv", "args": [0]}`, "0 has no nim-inverse"},
		{`{"op": "inv", "args": []}`, "inv: 0 arguments given, want 1"},
		{`{"op": "mul", "args": [-1]}`, "want an unsigned integer"},
		{`{"op": "mul", "args": [1.5]}`, "want an unsigned integer"},
		{`{"op": "mul", "args": [true]}`, "want an unsigned integer"},
		{`{"op": "mul", "args": [18446744073709551616]}`, "over 2^64-1"},
		{`{"op": "mul", "args": ["0x"]}`, `number "0x"`},
		{`{"op": "table", "args": [257]}`, "table of 257: want 1..256"},
		{`{"op": "table", "args": ["99999999999999999999"]}`, "over 2^64-1"},
		{`{"op": "mul", "args": [1], "extra": 1}`, `unknown field "extra"`},
		{string(many), "1025 arguments given"},
	} {
		refused(t, s, "POST", "/api/field", c.body, http.StatusBadRequest, c.want)
	}
	refused(t, s, "GET", "/api/field", "", http.StatusMethodNotAllowed, "")
}

// TestFieldDocExamples posts the bodies of docs/api.md's examples of
// POST /api/field and compares the answers with what the page shows.
func TestFieldDocExamples(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	doc, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(doc), "\n")
	ran := 0
	for i, line := range lines {
		body, ok := strings.CutPrefix(line, "$ curl -d '")
		if !ok || !strings.HasSuffix(body, "' http://127.0.0.1:8080/api/field") || i+1 == len(lines) {
			continue
		}
		body = strings.TrimSuffix(body, "' http://127.0.0.1:8080/api/field")
		ran++
		sameBody(t, "docs/api.md: "+body, do(t, s, "POST", "/api/field", body), lines[i+1])
	}
	if ran < 4 {
		t.Errorf("ran %d examples, want at least 4", ran)
	}
}
