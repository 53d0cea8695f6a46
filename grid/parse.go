package grid

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Spec says what a valid input of one grid problem looks like.
type Spec struct {
	// Alphabet lists the characters a row may contain, e.g. ".#".
	Alphabet string
	// MaxCases bounds the announced case count T.
	MaxCases int
	// MaxSide bounds R and C; MaxCells bounds R*C of one case.
	MaxSide, MaxCells int
	// MaxTotalCells bounds the sum of R*C over all cases, so that a huge file
	// is refused before it is held in memory.
	MaxTotalCells int
	// Square means each case starts with a single "n" for an n x n board
	// instead of "R C"; MinSide is then the least n accepted (else 1).
	Square  bool
	MinSide int
	// Validate, when set, checks each parsed case; a *CellError it returns
	// is reported at the cell's line and column.
	Validate func(g Grid) error
	// CaseName is what errors call a case ("case" when empty; "test" in
	// problems whose statements say so).
	CaseName string
}

// CellError is a problem with one case's cell (0-based Row and Col), or with
// the whole case when Row is negative.
type CellError struct {
	Row, Col int
	Msg      string
}

func (e *CellError) Error() string {
	if e.Row < 0 {
		return e.Msg
	}
	return fmt.Sprintf("row %d, column %d: %s", e.Row+1, e.Col+1, e.Msg)
}

// ParseError is a problem found in an input. Case is 1-based (0 for the
// header), Line and Column are 1-based (Column 0 when it does not apply).
type ParseError struct {
	Case, Line, Column int
	Msg                string
	// CaseName is the word for a case in the message ("case" when empty).
	CaseName string
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Case > 0 {
		name := e.CaseName
		if name == "" {
			name = "case"
		}
		fmt.Fprintf(&b, "%s %d, ", name, e.Case)
	}
	fmt.Fprintf(&b, "line %d", e.Line)
	if e.Column > 0 {
		fmt.Fprintf(&b, ", column %d", e.Column)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// lineReader yields the non-blank lines of an input with their numbers,
// refusing lines longer than a limit before buffering them whole.
type lineReader struct {
	sc   *bufio.Scanner
	line int
	max  int
}

func newLineReader(r io.Reader, maxLine int) *lineReader {
	sc := bufio.NewScanner(r)
	// The scanner's limit is the larger of its max and the initial buffer's
	// capacity, so the initial buffer must not exceed the limit.
	sc.Buffer(make([]byte, 0, min(4096, maxLine+2)), maxLine+2)
	return &lineReader{sc: sc, max: maxLine}
}

// next returns the next non-blank line with trailing white space removed, or
// ok=false at the end of the input.
func (lr *lineReader) next() (text string, ok bool, err error) {
	for lr.sc.Scan() {
		lr.line++
		t := strings.TrimRight(lr.sc.Text(), " \t\r")
		if strings.TrimSpace(t) != "" {
			return t, true, nil
		}
	}
	if err := lr.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", false, &ParseError{Line: lr.line + 1, Msg: fmt.Sprintf("line longer than %d characters", lr.max)}
		}
		return "", false, fmt.Errorf("line %d: reading input: %w", lr.line+1, err)
	}
	return "", false, nil
}

// Parse reads a whole input in the common format and checks it against spec.
// It returns every case, or the first problem found as a *ParseError.
func Parse(r io.Reader, spec Spec) ([]Grid, error) {
	cases, err := parse(r, spec)
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.CaseName = spec.CaseName
	}
	return cases, err
}

func parse(r io.Reader, spec Spec) ([]Grid, error) {
	maxLine := max(spec.MaxSide, 64)
	lr := newLineReader(r, maxLine)
	fail := func(c, col int, format string, args ...any) error {
		return &ParseError{Case: c, Line: lr.line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}

	head, ok, err := lr.next()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &ParseError{Line: 1, Msg: "empty input, want the number of cases"}
	}
	fields := strings.Fields(head)
	if len(fields) != 1 {
		return nil, fail(0, 0, "want the number of cases alone on the line, got %q", clip(head))
	}
	t, err := strconv.Atoi(fields[0])
	if err != nil {
		return nil, fail(0, 1, "number of cases %q is not an integer", clip(fields[0]))
	}
	if t < 1 || t > spec.MaxCases {
		return nil, fail(0, 1, "number of cases %d out of range 1..%d", t, spec.MaxCases)
	}

	cases := make([]Grid, 0, min(t, 1024))
	total := 0
	for k := 1; k <= t; k++ {
		dims, ok, err := lr.next()
		if err != nil {
			return nil, withCase(err, k)
		}
		if !ok {
			return nil, &ParseError{Case: k, Line: lr.line + 1, Msg: fmt.Sprintf("unexpected end of input: announced %d cases, found %d", t, k-1)}
		}
		f := strings.Fields(dims)
		names, want := [2]string{"R", "C"}, "\"R C\""
		if spec.Square {
			names, want = [2]string{"n", "n"}, "n"
		}
		if spec.Square && len(f) == 1 {
			f = append(f, f[0])
		} else if len(f) != 2 || spec.Square {
			return nil, fail(k, 0, "want %s, got %q", want, clip(dims))
		}
		var rc [2]int
		for i, s := range f {
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, fail(k, 0, "%s %q is not an integer", names[i], clip(s))
			}
			if lo := max(spec.MinSide, 1); n < lo || n > spec.MaxSide {
				return nil, fail(k, 0, "%s = %d out of range %d..%d", names[i], n, lo, spec.MaxSide)
			}
			rc[i] = n
		}
		rows, cols := rc[0], rc[1]
		if rows*cols > spec.MaxCells {
			return nil, fail(k, 0, "board %d x %d has %d cells, limit %d", rows, cols, rows*cols, spec.MaxCells)
		}
		total += rows * cols
		if total > spec.MaxTotalCells {
			return nil, fail(k, 0, "input holds more than %d cells in all", spec.MaxTotalCells)
		}
		g := Grid{Rows: rows, Cols: cols, Cells: make([]byte, 0, rows*cols)}
		firstRow := lr.line + 1
		rowLines := make([]int, 0, min(rows, 1024))
		for r := 0; r < rows; r++ {
			row, ok, err := lr.next()
			if err != nil {
				return nil, withCase(err, k)
			}
			if !ok {
				return nil, &ParseError{Case: k, Line: lr.line + 1, Msg: fmt.Sprintf("unexpected end of input: want %d rows, got %d", rows, r)}
			}
			indent := len(row) - len(strings.TrimLeft(row, " \t"))
			row = row[indent:]
			if len(row) != cols {
				return nil, fail(k, 0, "row %d has %d cells, want %d", r+1, len(row), cols)
			}
			for c := 0; c < cols; c++ {
				if strings.IndexByte(spec.Alphabet, row[c]) < 0 {
					return nil, fail(k, indent+c+1, "row %d: character %q is not one of %q", r+1, row[c], spec.Alphabet)
				}
			}
			g.Cells = append(g.Cells, row...)
			rowLines = append(rowLines, lr.line)
		}
		if spec.Validate != nil {
			if err := spec.Validate(g); err != nil {
				pe := &ParseError{Case: k, Line: firstRow, Msg: err.Error()}
				var ce *CellError
				if errors.As(err, &ce) && ce.Row >= 0 && ce.Row < len(rowLines) {
					pe.Line, pe.Column, pe.Msg = rowLines[ce.Row], ce.Col+1, ce.Msg
				}
				return nil, pe
			}
		}
		cases = append(cases, g)
	}
	extra, ok, err := lr.next()
	if err != nil {
		return nil, err
	}
	if ok {
		return nil, fail(0, 0, "unexpected %q after the %d announced cases", clip(extra), t)
	}
	return cases, nil
}

func withCase(err error, k int) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.Case = k
	}
	return err
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
