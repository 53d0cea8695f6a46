package main

import (
	"strings"
	"testing"

	"nimber/cgt/loopy"
)

// TestValueLoopy: value reads loopy games in CGSuite's notation and
// answers with the contract's fields, CGSuite's forms and classes; the
// short-game fields a loopy game lacks are null.
func TestValueLoopy(t *testing.T) {
	for _, tc := range []struct {
		args                   []string
		canonical, outcome     string
		leftStop, rightStop    string
		leftOptions, rightOpts string
	}{
		{[]string{"over"}, "over", "L", "over", "over", "0", "over"},
		{[]string{"x{0|x}"}, "over", "L", "over", "over", "0", "over"},
		{[]string{"{-1/4+*|pass}"}, "-1/4v[on]", "R", "-1/4", "-1/4", "-1/4*", "-1/4v[on]"},
		{[]string{"over", "5"}, "5over", "L", "5over", "5over", "5", "5over"},
		{[]string{"upon", "*"}, "^[on]*", "N", "0", "0", "0,^[on]*", "0"}, // {pass,0|0}
		{[]string{"{0||0|under}"}, "Tiny(over)", "L", "0", "0", "0", "{0|under}"},
		{[]string{"on"}, "on", "L", "on", "on", "on", ""},
	} {
		d := valueAs[loopy.Description](t, append(tc.args, "--json")...)
		got := []string{d.Canonical, d.Outcome, d.LeftStop, d.RightStop, strings.Join(d.LeftOptions, ","), strings.Join(d.RightOptions, ",")}
		want := []string{tc.canonical, tc.outcome, tc.leftStop, tc.rightStop, tc.leftOptions, tc.rightOpts}
		if strings.Join(got, " ; ") != strings.Join(want, " ; ") {
			t.Errorf("value %q: %q, want %q", tc.args, got, want)
		}
		if !d.Stopper || d.Onside != d.Canonical || d.Offside != d.Canonical || d.Mean != nil || d.Birthday != nil || d.AtomicWeight != nil {
			t.Errorf("value %q: %+v", tc.args, d)
		}
	}
	code, out, _ := nimber(t, "", "value", "over")
	if code != 0 || out != "over\noutcome L: Left wins whoever starts\na stopper: its onside and offside are itself\nleft stop over, right stop over\nleft options: 0\nright options: over\n" {
		t.Errorf("value over: exit %d\n%s", code, out)
	}
	// Short games answer as before: the strict decoding of valueJSON
	// refuses any field of the loopy answer.
	if d := valueJSON(t, "{0|1}", "--json"); d.Canonical != "1/2" {
		t.Errorf("{0|1}: %+v", d)
	}
	refused(t, "not a stopper", "value", "dud")
	refused(t, "not a stopper", "value", "on", "off")
	refused(t, `argument 1 "{1|0+pass}": column 6: pass stands alone`, "value", "{1|0+pass}")
	refused(t, "argument 2", "value", "over", "{pass")
	refused(t, "no thermograph", "value", "over", "--thermograph")
	// Five upons: 243 positions, whose pairs are past what 64 MiB allows.
	refused(t, "(--memory 64 MiB allows 16384; raise it)", "value", "upon", "upon", "upon", "upon", "upon", "--memory", "64")
}
