package cgt

import (
	"errors"
	"strconv"
	"testing"
)

// TestDescribeSum: a sum described is the sum made by hand, and each
// failure names its stage and expression.
func TestDescribeSum(t *testing.T) {
	c := New(0)
	d, err := c.DescribeSum([]string{"{2|-1}", "^", "*"}, true)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := c.Parse("{2|-1}+^*")
	want, _ := c.Describe(g)
	if d.Canonical != want.Canonical || d.Mean != "1/2" || d.Thermograph == nil || d.Thermograph.Temperature != "3/2" {
		t.Errorf("got %+v, want %+v with a thermograph of temperature 3/2", d, want)
	}
	if d, err := c.DescribeSum(nil, false); err != nil || d.Canonical != "0" || d.Thermograph != nil {
		t.Errorf("the empty sum: %+v, %v", d, err)
	}

	_, err = c.DescribeSum([]string{"1", "{2|"}, false)
	se, ok := errors.AsType[*SumError](err)
	syn, isSyntax := errors.AsType[*SyntaxError](err)
	if !ok || se.Stage != StageRead || se.Index != 1 || !isSyntax || syn.Column != 1 {
		t.Errorf("a bad second expression: %v", err)
	}
	if err.Error() != "expression 2: column 1: unbalanced {: no } closes it" {
		t.Errorf("message %q", err)
	}

	// Thirteen switches pass 1 MiB when added (see nimber value's
	// TestValueRefusals): the limit is met while adding.
	small := New(1 << 20)
	var exprs []string
	for i := 1; i <= 13; i++ {
		exprs = append(exprs, "+-"+strconv.Itoa(i))
	}
	_, err = small.DescribeSum(exprs, false)
	if se, ok := errors.AsType[*SumError](err); !ok || se.Stage == StageRead || !errors.Is(err, ErrLimit) {
		t.Errorf("thirteen switches in 1 MiB: %v", err)
	}
}
