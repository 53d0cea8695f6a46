package boi2008

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"nimber/grid"
	"nimber/internal/golden"
)

// FuzzParse feeds arbitrary input to the BOI 2008 parser, validation
// included, and solves whatever it accepts: nothing may panic, errors are
// single-line *grid.ParseError values, accepted boards are valid and
// round-trip through Spec.Format, and the DP answers A or B.
// Run: go test ./games/boi2008 -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	sample := golden.Read(f, "testdata/official/sample.in")
	for _, s := range []string{
		string(sample),
		"1\n2\nAB\n..\n",
		"1\n2\n..\n.B\n",
		"1\n3\nA..\n...\n.AB\n",
		"1\n3\nA#.\n##.\n..B\n",
		"1\n1\nA\n",
		"1\n2 2\nA.\n.B\n",
		"2\n2\nA.\n.B\n",
		"1\n4\nA...\n####\n....\n...B\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		spec := Spec
		spec.MaxSide, spec.MaxCells, spec.MaxTotalCells = 30, 900, 4000
		cases, err := grid.Parse(bytes.NewReader(data), spec)
		if err != nil {
			var pe *grid.ParseError
			if !errors.As(err, &pe) || strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error %q (%T) is not a one-line ParseError", err, err)
			}
			return
		}
		for _, g := range cases {
			b, err := NewBoard(g)
			if err != nil {
				t.Fatalf("accepted board fails validation: %v\n%s", err, g)
			}
			v, err := Solve(context.Background(), b)
			if err != nil || (v.Winner != A && v.Winner != B) {
				t.Fatalf("Solve = %+v, %v\n%s", v, err, g)
			}
		}
		again, err := grid.Parse(strings.NewReader(spec.Format(cases)), spec)
		if err != nil || !reflect.DeepEqual(again, cases) {
			t.Fatalf("Format does not round-trip: %v", err)
		}
	})
}
