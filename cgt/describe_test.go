package cgt

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestDescribe checks the JSON of Describe: its keys and values for a
// number with a 64-bit birthday, a hot game and a game that is not
// atomic, and null for the weight of a game that is not atomic.
func TestDescribe(t *testing.T) {
	c := New(0)
	for _, tc := range []struct{ in, want string }{
		{"-1823437481924", `{"canonical":"-1823437481924","outcome":"R","left_stop":"-1823437481924","right_stop":"-1823437481924","mean":"-1823437481924","temperature":"-1","birthday":1823437481924,"atomic_weight":null,"left_options":[],"right_options":["-1823437481923"]}`},
		{"{1|^^||^}", `{"canonical":"{1|^^||^}","outcome":"L","left_stop":"0","right_stop":"0","mean":"0","temperature":"0","birthday":5,"atomic_weight":"2","left_options":["{1|^^}"],"right_options":["^"]}`},
		{"{2|-1}", `{"canonical":"{2|-1}","outcome":"N","left_stop":"2","right_stop":"-1","mean":"1/2","temperature":"3/2","birthday":3,"atomic_weight":null,"left_options":["2"],"right_options":["-1"]}`},
		{"*2", `{"canonical":"*2","outcome":"N","left_stop":"0","right_stop":"0","mean":"0","temperature":"0","birthday":2,"atomic_weight":"0","left_options":["0","*"],"right_options":["0","*"]}`},
	} {
		if got := describedJSON(t, c, tc.in, c.Describe); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// describedJSON parses the game in, describes it with describe and
// returns the description's JSON.
func describedJSON[D any](t *testing.T, c *Calc, in string, describe func(Game) (D, error)) string {
	t.Helper()
	g, err := c.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	d, err := describe(g)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDescribeThermograph: the walls of {2 | -1} as data, as
// docs/partizan.md draws them: the left wall falls from 3 at t = -1 to the
// mast at 1/2 from t = 3/2, the right wall rises from -2 to it.
func TestDescribeThermograph(t *testing.T) {
	c := New(0)
	got := describedJSON(t, c, "{2|-1}", c.DescribeThermograph)
	want := `{"left":[{"from":"-1","value":"3","slope":-1},{"from":"3/2","value":"1/2","slope":0}],"right":[{"from":"-1","value":"-2","slope":1},{"from":"3/2","value":"1/2","slope":0}],"mean":"1/2","temperature":"3/2"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The theory of a game in one call: what nimber value prints.
func ExampleCalc_Describe() {
	c := New(0)
	g, _ := c.Parse("{1|^^^||^}")
	d, _ := c.Describe(g)
	fmt.Println(d.Canonical, d.Outcome, d.LeftStop, d.RightStop, d.Temperature, d.Birthday, d.AtomicWeight == nil)
	g, _ = c.Parse("{^^^|vv}")
	d, _ = c.Describe(g)
	fmt.Println(d.Canonical, *d.AtomicWeight)
	// Output:
	// {1|^3||^} L 0 0 0 6 true
	// {^3|vv} {1|0}
}

// Atomic weights, reduced canonical forms and incentives.
func ExampleCalc_AtomicWeight() {
	c := New(0)
	for _, s := range []string{"^", "^^*", "{0||0|v*}", "{1|^^||^}", "{0||0|-3/2}", "5*"} {
		g, _ := c.Parse(s)
		aw, ok, _ := c.AtomicWeight(g)
		rcf, _ := c.ReducedCanonical(g)
		if ok {
			fmt.Printf("%s: atomic weight %s, rcf %s\n", s, c.Notation(aw), c.Notation(rcf))
		} else {
			fmt.Printf("%s: not atomic, rcf %s\n", s, c.Notation(rcf))
		}
	}
	g, _ := c.Parse("v*")
	inc, _ := c.RightIncentives(g)
	fmt.Println("right incentives of v*:", c.notations(inc))
	// Output:
	// ^: atomic weight 1, rcf 0
	// ^^*: atomic weight 2, rcf 0
	// {0||0|v*}: atomic weight 1, rcf 0
	// {1|^^||^}: atomic weight 2, rcf 0
	// {0||0|-3/2}: atomic weight 0, rcf 0
	// 5*: not atomic, rcf 5
	// right incentives of v*: [v v*]
}
