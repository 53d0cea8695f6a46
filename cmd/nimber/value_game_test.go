package main

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"nimber/cgt"
)

// TestValueGame values positions of the partizan games through nimber
// value --game --json: CGSuite's values (GameGridTest), a sum of positions
// equal to the sum of their values as EXPRs, and the same keys as value
// EXPR (valueJSON refuses unknown ones).
func TestValueGame(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"domineering", "....|....|....|...."}, "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
		{[]string{"domineering", ".|."}, "1"},
		{[]string{"domineering", ".."}, "-1"},
		{[]string{"domineering", "..\n..\n"}, "+-1"},
		{[]string{"clobber", "xox|ox."}, "{^^*|*,v}"},
		{[]string{"clobber", "xoxo|oxox|xoxo"}, "0"},
	} {
		d := valueJSON(t, append([]string{"--game"}, append(tc.args, "--json")...)...)
		if d.Canonical != tc.want {
			t.Errorf("value --game %q: %s, want %s", tc.args, d.Canonical, tc.want)
		}
	}
	// A sum: clobber xox|ox. + xo is {^^*|*,v} + *, in every key.
	sum := valueJSON(t, "--game", "clobber", "xox|ox.", "xo", "--json")
	want := valueJSON(t, "{^^*|*,v}", "*", "--json")
	if !reflect.DeepEqual(sum, want) {
		t.Errorf("clobber xox|ox. + xo = %+v, want that of {^^*|*,v} + *: %+v", sum, want)
	}
}

// TestValueGameRefusals checks the one-line errors and exit status 2 of
// bad positions and games.
func TestValueGameRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "domineering", "..|..."}, `position 1 "..|...": row 2 has 3 cells, row 1 has 2`},
		{[]string{"--game", "domineering", "..", ".x"}, `position 2 ".x": row 1, column 2: character 'x' is not one of ".#"`},
		{[]string{"--game", "clobber", "xoxoxoxoxo|oxoxoxoxox|xoxoxoxoxo"}, "30 stones, limit 24"},
		{[]string{"--game", "domineering", strings.Repeat(".......|", 5) + "......."}, "42 empty cells, limit 36"},
		{[]string{"--game", "nim", "3"}, "nim\" is a game of kind impartial"},
		{[]string{"--game", "chess", "3"}, `unknown game "chess"`},
		{[]string{"--game", "clobber"}, "takes at least one POSITION"},
		// Valued in a fraction of a second, but too long to write.
		{[]string{"--game", "psub:1,3:2,3", "200"}, "too long to write: beyond 2^62 characters by its bound (limit 67108864); nimber outcome decides who wins without writing it"},
	} {
		code, out, errOut := nimber(t, "", append([]string{"value"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("value %q: exit %d, %q, %q; want 2 and one line with %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestValueGameThermographBelowZero checks the walls of two Domineering
// positions down to t = -1, as CGSuite draws them: ...#|....|....|...#
// ({3/2|*}) has the left wall at 2 on [-1, -1/2] (the right wall of
// 3/2 = {1|2} is 2 + t there, less t), then slope -1 up to the mast at
// 3/4; the empty 4 x 4 board (CGSuite's GameGridTest) the walls of ±0
// spreading with slope 1 below t = 0. The text of --thermograph says the
// same, segment by segment.
func TestValueGameThermographBelowZero(t *testing.T) {
	for _, tc := range []struct {
		board       string
		left, right []cgt.Segment
		mean, temp  string
	}{
		{"...#|....|....|...#",
			[]cgt.Segment{{From: "-1", Value: "2", Slope: 0}, {From: "-1/2", Value: "2", Slope: -1}, {From: "3/4", Value: "3/4", Slope: 0}},
			[]cgt.Segment{{From: "-1", Value: "0", Slope: 0}, {From: "0", Value: "0", Slope: 1}, {From: "3/4", Value: "3/4", Slope: 0}},
			"3/4", "3/4"},
		{"....|....|....|....",
			[]cgt.Segment{{From: "-1", Value: "1", Slope: -1}, {From: "0", Value: "0", Slope: 0}},
			[]cgt.Segment{{From: "-1", Value: "-1", Slope: 1}, {From: "0", Value: "0", Slope: 0}},
			"0", "0"},
	} {
		d := valueJSON(t, "--game", "domineering", tc.board, "--thermograph", "--json")
		th := d.Thermograph
		if th == nil || !reflect.DeepEqual(th.Left, tc.left) || !reflect.DeepEqual(th.Right, tc.right) || th.Mean != tc.mean || th.Temperature != tc.temp {
			t.Errorf("domineering %s: thermograph %+v, want left %v, right %v, mast %s from %s", tc.board, th, tc.left, tc.right, tc.mean, tc.temp)
			continue
		}
		out := output(t, "value", "--game", "domineering", tc.board, "--thermograph")
		var want strings.Builder
		for _, wall := range []struct {
			name string
			segs []cgt.Segment
		}{{"left", tc.left}, {"right", tc.right}} {
			for _, s := range wall.segs {
				fmt.Fprintf(&want, "  %s wall from t=%s: %s, slope %d\n", wall.name, s.From, s.Value, s.Slope)
			}
		}
		fmt.Fprintf(&want, "  mast at %s from t=%s\n", tc.mean, tc.temp)
		if !strings.HasSuffix(out, "thermograph:\n"+want.String()) {
			t.Errorf("domineering %s --thermograph printed\n%s\nwant it to end\n%s", tc.board, out, want.String())
		}
	}
}
