package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"nimber/cgt"
	"nimber/cgt/loopy"
	"nimber/misere/canon"
)

// valueBody is the body of POST /api/value for the sum of exprs, misère
// or not.
func valueBody(misere bool, exprs ...string) string {
	b, _ := json.Marshal(valueRequest{Exprs: exprs, Misere: misere})
	return string(b)
}

// checkValues posts each of sums to POST /api/value, misère or not, and
// compares the answer, byte for byte, with describe's description of the
// sum as JSON.
func checkValues(t *testing.T, s *Server, misere bool, sums [][]string, describe func(exprs []string) (any, error)) {
	t.Helper()
	for _, exprs := range sums {
		rec := answer(t, s, "POST", "/api/value", valueBody(misere, exprs...), nil)
		d, err := describe(exprs)
		if err != nil {
			t.Fatal(err)
		}
		sameJSON(t, fmt.Sprintf("%q", exprs), rec, d)
	}
}

// hotBody is the body of POST /api/value for the sum of MaxValueExprs hot
// games {n|{-n|-2n}}, n = 1, 2, ..., which passes the Calc's limits.
func hotBody() string {
	var hot []string
	for i := 1; i <= MaxValueExprs; i++ {
		n := strconv.Itoa(i)
		hot = append(hot, "{"+n+"|{-"+n+"|-"+strconv.Itoa(2*i)+"}}")
	}
	return valueBody(false, hot...)
}

// TestValue compares POST /api/value with cgt: the answer is the
// description of the sum with its thermograph, byte for byte as the
// library writes it, and {2|-1}'s is CGSuite's.
func TestValue(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	checkValues(t, s, false, [][]string{
		{"{2|-1}"},
		{"{2|-1}", "^", "*"},
		{"{3||2+*|1+*}"},
		{"-1/2"},
		{"{1|^^||^}"},
		{"+-1", "+-{2|1}", "Tiny(2)"},
	}, func(exprs []string) (any, error) { return cgt.New(0).DescribeSum(exprs, true) })
	rec := do(t, s, "POST", "/api/value", `{"exprs": ["{2|-1}"]}`)
	want := `{"canonical":"{2|-1}","outcome":"N","left_stop":"2","right_stop":"-1","mean":"1/2","temperature":"3/2","birthday":3,` +
		`"atomic_weight":null,"left_options":["2"],"right_options":["-1"],"thermograph":{"left":[{"from":"-1","value":"3","slope":-1},` +
		`{"from":"3/2","value":"1/2","slope":0}],"right":[{"from":"-1","value":"-2","slope":1},{"from":"3/2","value":"1/2","slope":0}],` +
		`"mean":"1/2","temperature":"3/2"}}`
	sameBody(t, "{2|-1}", rec, want)
}

// TestValueRefusals: bad expressions name the expression and the column,
// the limits say which, and none is answered but with 400.
func TestValueRefusals(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxMemory: 4 << 20})
	exprs := func(es ...string) string { return valueBody(false, es...) }
	var thirteen []string
	for i := 1; i <= 13; i++ {
		thirteen = append(thirteen, "+-"+strconv.Itoa(i))
	}
	for _, tc := range []struct{ body, want string }{
		{exprs("1", "{1|"), `expression 2 "{1|": column 1: unbalanced {: no } closes it`},
		{exprs("{0 & 1|0}"), `expression 1 "{0 & 1|0}": column 4: the onside of a sided value S & T must be at least its offside`},
		{exprs("1/3"), `expression 1 "1/3": column 1: "3": the denominator is not a power of two`},
		{exprs("*1024"), `expression 1 "*1024": column 1: cgt: a nimber or a multiple of up past the bounds`},
		{exprs(""), `expression 1 "": column 1:`},
		{exprs("1", strings.Repeat("1+", 2500)), `expression 2 "1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+"...: 5000 bytes, over the limit of 4096`},
		{exprs(), `exprs: 0 given, want 1..32`},
		{`{}`, `exprs: 0 given, want 1..32`},
		{exprs(strings.Split(strings.Repeat("1,", 33), ",")[:33]...), `exprs: 33 given, want 1..32`},
		{exprs(thirteen...), `the sum of expressions 1..`},
		{exprs(thirteen...), `cgt: the games and memos would pass the memory limit (this server's limit for a value: 1.0 MiB by the Calc's estimate)`},
		{`{"exprs": "1"}`, `request body, line 1, column 14: exprs: want an array of strings, got JSON string`},
		{`{"expr": ["1"]}`, `request body, line 1, column 2: unknown field "expr"`},
	} {
		refused(t, s, "POST", "/api/value", tc.body, http.StatusBadRequest, tc.want)
	}
	refused(t, s, "GET", "/api/value", "", http.StatusMethodNotAllowed, "")
}

// TestValueBudget: a sum that passes the Calc's limit allocates less than
// MaxMemory, garbage included, so that MaxConcurrent values at once stay
// within MaxConcurrent x MaxMemory as the other endpoints do.
func TestValueBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a Calc to its limit")
	}
	const maxMemory = 64 << 20
	s, _ := newTestServer(t, Options{MaxMemory: maxMemory})
	body := hotBody()
	runtime.GC()
	before := allocated()
	rec := do(t, s, "POST", "/api/value", body)
	used := allocated() - before
	t.Logf("MaxMemory %d MiB, Calc limit %d MiB: status %d, allocated %.1f MiB (%.0f%% of MaxMemory)",
		maxMemory>>20, s.valueMemory()>>20, rec.Code, float64(used)/(1<<20), 100*float64(used)/maxMemory)
	if rec.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, rec), "memory limit") {
		t.Errorf("status %d, want 400 for the memory limit; %s", rec.Code, rec.Body)
	}
	if used > maxMemory {
		t.Errorf("allocated %d bytes, over MaxMemory %d", used, maxMemory)
	}
}

// TestValueDeadline: a value that runs past the deadline gets 504 at
// once, and its computation keeps its slot until the Calc stops.
func TestValueDeadline(t *testing.T) {
	s, _ := newTestServer(t, Options{Timeout: time.Nanosecond, MaxMemory: 64 << 20})
	rec := do(t, s, "POST", "/api/value", hotBody())
	if rec.Code != http.StatusGatewayTimeout {
		t.Fatalf("status %d, want 504; %s", rec.Code, rec.Body)
	}
	if msg := errorOf(t, rec); !strings.Contains(msg, "time limit") {
		t.Errorf("error %q", msg)
	}
	// The slot comes back when the Calc reaches its memory limit: taking
	// every slot waits for it.
	for range cap(s.slots) {
		s.slots <- struct{}{}
	}
	if len(s.slots) != cap(s.slots) {
		t.Fatal("slots")
	}
}

// TestValueLoopy: POST /api/value answers a loopy game as nimber value
// --json does (package loopy), Bach's carousel by sides that are not
// stoppers included, and refuses a bad one, or one past the server's
// limit, with 400 and a line that says why.
func TestValueLoopy(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	checkValues(t, s, false, [][]string{{"over"}, {"upon", "*"}, {"a{0||||0|||a|*||*}"}, {"{pass|3/2}", "1/2"}, {"dud"}, {"a{1||a|0}"}, {"a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"}},
		func(exprs []string) (any, error) {
			return loopy.DescribeSum(context.Background(), cgt.New(0), exprs, 0)
		})
	small, _ := newTestServer(t, Options{MaxMemory: 4 << 20})
	for _, tc := range []struct{ body, want string }{
		{`{"exprs": ["a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} & 0"]}`, "a side that is not a stopper"},
		{`{"exprs": ["{1|0+pass}"]}`, `column 6: pass stands alone`},
		{`{"exprs": ["over + 5000"]}`, "this server's limit for a loopy value"},
	} {
		srv := s
		if strings.Contains(tc.body, "5000") {
			srv = small
		}
		refused(t, srv, "POST", "/api/value", tc.body, http.StatusBadRequest, tc.want)
	}
}

// TestValueMisere checks POST /api/value with "misere": true against
// package canon's description, byte for byte, and its refusals.
func TestValueMisere(t *testing.T) {
	s, _ := newTestServer(t, Options{MaxMemory: 4 << 20})
	checkValues(t, s, true, [][]string{{"*[[2],0]"}, {"*[2]", "*[2]"}, {"*[[*[4]+*[2]]]"}, {"*3", "*[(2#1)2##]"}},
		func(exprs []string) (any, error) { return canon.DescribeSum(context.Background(), exprs, 0, false) })
	rec := do(t, s, "POST", "/api/value", `{"exprs": ["*[[2],0]"], "misere": true}`)
	want := `{"canonical":"*[2#0]","canonical_length":6,"outcome":"N","misere_nim_value":2,"nim_value":1,"genus":"1^20",` +
		`"genus_values":[1,2,0,2,0,2],"birthday":4,"nim_heap":false,"even":true,"tame":false,"generally_tame":false,` +
		`"restive":true,"restless":false,"mate":"*[2#1]","options":["*[0]","*[2#]"],"decomposition":null}`
	sameBody(t, "*[[2],0]", rec, want)
	// With "parts": Norton's game and its two partitions.
	norton := []string{"*[[*[4]+*[2]]]"}
	d, err := canon.DescribeSum(context.Background(), norton, 0, true)
	if err != nil || d.Decomposition == nil || len(d.Decomposition.Partitions) != 2 {
		t.Fatalf("Norton's game: %+v, %v", d.Decomposition, err)
	}
	sameJSON(t, "Norton's game with parts", answer(t, s, "POST", "/api/value", `{"exprs": ["*[[*[4]+*[2]]]"], "misere": true, "parts": true}`, nil), d)
	for body, want := range map[string]string{
		`{"exprs": ["*[2#"], "misere": true}`:                 `expression 1 "*[2#": column 5: want ] to close the *[ at column 1`,
		`{"exprs": ["*2", "{1|0}"], "misere": true}`:          `expression 2 "{1|0}": column 1: want a game`,
		`{"exprs": ["*900", "*901", "*902"], "misere": true}`: "too many misère canonical forms",
		`{"exprs": ["*2"], "misere": 1}`:                      "",
		`{"exprs": ["*2"], "parts": true}`:                    "parts: a decomposition into parts is of a misère value (misere: true)",
	} {
		refused(t, s, "POST", "/api/value", body, http.StatusBadRequest, want)
	}
}
