package cgt

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Stages of DescribeSum, where a SumError arose.
const (
	StageRead     = "read"     // reading an expression (Parse)
	StageAdd      = "add"      // adding it to the sum of those before it
	StageDescribe = "describe" // describing the sum (Describe, DescribeThermograph)
)

// SumError is the error of DescribeSum: the stage that failed and, for
// StageRead and StageAdd, the expression's index (0-based). Err is the
// Calc's error (a *SyntaxError, ErrLimit, ErrWork, ...).
type SumError struct {
	Stage string
	Index int
	Err   error
}

func (e *SumError) Error() string {
	switch e.Stage {
	case StageRead:
		return fmt.Sprintf("expression %d: %v", e.Index+1, e.Err)
	case StageAdd:
		return fmt.Sprintf("the sum of expressions 1..%d: %v", e.Index+1, e.Err)
	}
	return fmt.Sprintf("the value of the game: %v", e.Err)
}

// Unwrap returns Err.
func (e *SumError) Unwrap() error { return e.Err }

// DescribeSum reads exprs, games in CGSuite's notation, adds them and
// describes the sum (Describe), with its thermograph when thermograph is
// set. The sum of no expression is 0. The error is a *SumError saying
// which expression, or the sum, failed. The work cannot be interrupted:
// c's memory and work limits bound it.
func (c *Calc) DescribeSum(exprs []string, thermograph bool) (Description, error) {
	sum := Zero
	for i, e := range exprs {
		g, err := c.Parse(e)
		if err != nil {
			return Description{}, &SumError{Stage: StageRead, Index: i, Err: err}
		}
		if sum, err = c.Add(sum, g); err != nil {
			return Description{}, &SumError{Stage: StageAdd, Index: i, Err: err}
		}
	}
	d, err := c.Describe(sum)
	if err == nil && thermograph {
		d.Thermograph, err = c.DescribeThermograph(sum)
	}
	if err != nil {
		return Description{}, &SumError{Stage: StageDescribe, Index: len(exprs) - 1, Err: err}
	}
	return d, nil
}

// QuoteExpr quotes an expression for an error message: its first 40 bytes
// (cut at a character's start) and "..." when it is longer.
func QuoteExpr(s string) string {
	const most = 40
	if len(s) <= most {
		return strconv.Quote(s)
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}
