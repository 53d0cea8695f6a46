package main

import (
	"testing"
)

// TestMisereErrors checks the one-line errors of genus, quotient and
// grundy --misere (exit status 2, nothing on standard output), and that
// some questions are answered.
func TestMisereErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"genus", "0.9x"}, `code "0.9x"`},
		{[]string{"genus", "0.77", "--to", "0"}, "--to 0 out of range"},
		{[]string{"genus", "0.77", "--to", "40", "--budget", "1000"}, "the budget"},
		{[]string{"grundy", "0.77", "5", "x", "--misere"}, `heap 2: "x" is not a heap size`},
		{[]string{"grundy", "0.77", "--misere"}, "at least one heap"},
		{[]string{"grundy", "boi2008-game", "A.\n.B", "--misere"}, "is loopy"},
		{[]string{"grundy", "0.77", "30", "31", "32", "33", "--misere", "--budget", "20000", "--quotient=false"}, "more than 20000 positions (the budget)"},
		{[]string{"grundy", "--rules", "../../examples/rules/kayles.star", "20", "21", "22", "--misere", "--budget", "300"}, "more than 300 positions (the budget)"},
		{[]string{"grundy", "wythoff", "3,5", "4,7", "--misere"}, ""},
		{[]string{"grundy", "0.77", "6", "7", "9", "--misere"}, ""},
		{[]string{"quotient", "0.7x"}, "is not a digit"},
		{[]string{"quotient", "0.77", "--heaps", "-1"}, "--heaps -1 out of range"},
		{[]string{"quotient", "0.77", "--heaps", "100000"}, "--heaps 100000 out of range"},
		{[]string{"quotient", "0.77", "--checks", "0"}, "--checks 0"},
		{[]string{"quotient", "0.07", "--heaps", "30", "--checks", "500"}, "stopped at heap"},
		{[]string{"quotient", "0.77", "--memory", "3"}, "--memory 3 MiB out of range"},
		{[]string{"quotient", "0.77", "--memory", "100000000"}, "a third of the memory this process may use"},
		{[]string{"quotient", "grundy", "--heaps", "60", "--memory", "16"}, "needs over 16 MiB (the limit)"},
		{[]string{"quotient"}, "accepts 1 arg"},
	} {
		if tc.want == "" {
			succeeds(t, tc.args...)
		} else {
			refused(t, tc.want, tc.args...)
		}
	}
}
