package main

import (
	"strings"
	"testing"
)

// TestQuotientErrors: bad arguments and a quotient beyond its limits are
// one-line errors, exit status 2, with nothing on standard output. (The
// quotients printed are golden files of testdata/cli.)
func TestQuotientErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"quotient", "0.7x"}, "is not a digit"},
		{[]string{"quotient", "0.77", "--heaps", "-1"}, "--heaps -1 out of range"},
		{[]string{"quotient", "0.77", "--heaps", "100000"}, "--heaps 100000 out of range"},
		{[]string{"quotient", "0.77", "--checks", "0"}, "--checks 0"},
		{[]string{"quotient", "0.07", "--heaps", "30", "--checks", "500"}, "stopped at heap"},
		{[]string{"quotient"}, "accepts 1 arg"},
	} {
		code, out, errOut := nimber(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 || out != "" {
			t.Errorf("%v: exit %d, %q, output %q; want exit 2 and %q", tc.args, code, errOut, out, tc.want)
		}
	}
}
