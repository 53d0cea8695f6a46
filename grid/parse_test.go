package grid

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"nimber/internal/golden"
)

// testSpec is small enough that every limit can be hit with a short input.
var testSpec = Spec{Alphabet: ".#", MaxCases: 3, MaxSide: 4, MaxCells: 12, MaxTotalCells: 20}

// TestParseGood parses the inputs of testdata/parse-good.txt and compares
// the boards with the ones written there.
func TestParseGood(t *testing.T) {
	data := golden.Read(t, "testdata/parse-good.txt")
	blocks := strings.Split(strings.TrimSpace(string(data)), "\n\n")[1:]
	if len(blocks) < 14 {
		t.Fatalf("%d cases: testdata/parse-good.txt was not read whole", len(blocks))
	}
	for _, block := range blocks {
		lines := strings.Split(block, "\n")
		in, err := strconv.Unquote(strings.TrimPrefix(lines[1], "in: "))
		if len(lines) != 3 || err != nil || !strings.HasPrefix(lines[2], "want: ") {
			t.Fatalf("testdata/parse-good.txt: case %q is not a name, in: and want: (%v)", lines[0], err)
		}
		var want []Grid
		for _, board := range strings.Split(strings.TrimPrefix(lines[2], "want: "), " | ") {
			want = append(want, MustFromRows(strings.Fields(board)...))
		}
		t.Run(lines[0], func(t *testing.T) {
			got, err := Parse(strings.NewReader(in), testSpec)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", in, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Parse(%q) = %v, want %v", in, got, want)
			}
		})
	}
}

func TestParseBad(t *testing.T) {
	long := strings.Repeat(".", 70000) // far beyond any line limit
	tests := []struct {
		name           string
		in             string
		spec           *Spec // testSpec when nil
		cas, line, col int
		want           string // exact Error()
	}{
		{
			name: "long R C line is clipped",
			in:   "1\n1 1 1 1 1 1 1 1 1 1 1 1\n",
			cas:  1, line: 2,
			want: `case 1, line 2: want "R C", got "1 1 1 1 1 1 1 1 1 1 ..."`,
		},
		{
			name: "row too long",
			in:   "1\n2 2\n..\n.#.\n",
			cas:  1, line: 4,
			want: "case 1, line 4: row 2 has 3 cells, want 2",
		},
		{
			name: "line longer than the limit in the header",
			in:   long + "\n1 1\n.\n",
			line: 1,
			want: "line 1: line longer than 64 characters",
		},
		{
			name: "line longer than the limit in a row",
			in:   "2\n1 1\n.\n1 1\n" + long + "\n",
			cas:  2, line: 5,
			want: "case 2, line 5: line longer than 64 characters",
		},
		{
			name: "line longer than the limit in an R C line",
			in:   "1\n" + long + "\n",
			cas:  1, line: 2,
			want: "case 1, line 2: line longer than 64 characters",
		},
		{
			name: "line longer than the limit after the cases",
			in:   "1\n1 1\n.\n" + long + "\n",
			line: 4,
			want: "line 4: line longer than 64 characters",
		},
		{
			name: "line longer than the limit with a large MaxSide",
			in:   "1\n1 1\n" + strings.Repeat(".", 250000) + "\n",
			spec: &Spec{Alphabet: ".#", MaxCases: 1, MaxSide: 200000, MaxCells: 200000, MaxTotalCells: 200000},
			cas:  1, line: 3,
			want: "case 1, line 3: line longer than 200000 characters",
		},
	}
	// The other cases are data: testdata/parse-bad.txt.
	data := golden.Read(t, "testdata/parse-bad.txt")
	for _, block := range strings.Split(string(data), "\n\n")[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		in, err := strconv.Unquote(strings.TrimPrefix(lines[1], "in: "))
		if len(lines) != 4 || err != nil {
			t.Fatalf("testdata/parse-bad.txt: case %q is not a name, in:, at: and want: (%v)", lines[0], err)
		}
		tt := tests[0]
		tt.name, tt.in, tt.want = lines[0], in, strings.TrimPrefix(lines[3], "want: ")
		if _, err := fmt.Sscanf(lines[2], "at: case %d, line %d, column %d", &tt.cas, &tt.line, &tt.col); err != nil {
			t.Fatalf("testdata/parse-bad.txt: case %q: %v", lines[0], err)
		}
		tt.spec = nil
		tests = append(tests, tt)
	}
	if len(tests) < 40 {
		t.Fatalf("%d cases: testdata/parse-bad.txt was not read whole", len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := testSpec
			if tt.spec != nil {
				spec = *tt.spec
			}
			got, err := Parse(strings.NewReader(tt.in), spec)
			if err == nil {
				t.Fatalf("Parse succeeded with %v, want error %q", got, tt.want)
			}
			if got != nil {
				t.Errorf("Parse returned cases %v along with error %v", got, err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tt.want)
			}
			if pe.Case != tt.cas || pe.Line != tt.line || pe.Column != tt.col {
				t.Errorf("error at case %d, line %d, column %d; want case %d, line %d, column %d",
					pe.Case, pe.Line, pe.Column, tt.cas, tt.line, tt.col)
			}
		})
	}
}

// TestParseLineLimit pins the line limit max(MaxSide, 64): a line only a
// little longer is refused as too long before it is buffered whole. (This
// once failed: bufio.Scanner.Buffer takes the larger of its max argument and
// the initial buffer's capacity.)
func TestParseLineLimit(t *testing.T) {
	in := "1\n1 1\n" + strings.Repeat(".", 100) + "\n"
	_, err := Parse(strings.NewReader(in), testSpec)
	const want = "case 1, line 3: line longer than 64 characters"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}

// TestParseColumnWithLeadingSpace pins the column of a bad character in a row
// that is indented: the column counts from the start of the line.
func TestParseColumnWithLeadingSpace(t *testing.T) {
	in := "1\n1 3\n  .x.\n"
	_, err := Parse(strings.NewReader(in), testSpec)
	const want = `case 1, line 3, column 4: row 1: character 'x' is not one of ".#"`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}

func TestParseFormatRoundTrip(t *testing.T) {
	cases := []Grid{MustFromRows(".#.", "##."), MustFromRows("#"), MustFromRows("....", "...#", "#...")}
	got, err := Parse(strings.NewReader(Format(cases)), testSpec)
	if err != nil {
		t.Fatalf("Parse(Format(cases)): %v", err)
	}
	if !reflect.DeepEqual(got, cases) {
		t.Fatalf("Parse(Format(cases)) = %v, want %v", got, cases)
	}
}

func TestParseErrorString(t *testing.T) {
	tests := []struct {
		e    ParseError
		want string
	}{
		{ParseError{Line: 1, Msg: "m"}, "line 1: m"},
		{ParseError{Line: 7, Column: 3, Msg: "m"}, "line 7, column 3: m"},
		{ParseError{Case: 2, Line: 5, Msg: "m"}, "case 2, line 5: m"},
		{ParseError{Case: 2, Line: 5, Column: 9, Msg: "m"}, "case 2, line 5, column 9: m"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%+v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// fuzzSpecs are the specs FuzzParse chooses from: one per game, wide enough
// for that game's official inputs, and a tight one that makes the size limits
// easy to hit.
var fuzzSpecs = []Spec{
	{Alphabet: ".#", MaxCases: 100, MaxSide: 100, MaxCells: 400, MaxTotalCells: 1 << 15}, // bacterial
	{Alphabet: "X.", MaxCases: 100, MaxSide: 100, MaxCells: 400, MaxTotalCells: 1 << 15}, // inventor
	{Alphabet: "^#", MaxCases: 100, MaxSide: 100, MaxCells: 400, MaxTotalCells: 1 << 15}, // caos3
	{Alphabet: ".#X^", MaxCases: 4, MaxSide: 6, MaxCells: 20, MaxTotalCells: 40},         // tight
	{Alphabet: ".#AB", MaxCases: 10, MaxSide: 20, MaxCells: 400, MaxTotalCells: 1 << 12, // square, as BOI 2008
		Square: true, MinSide: 2, CaseName: "test"},
}

func FuzzParse(f *testing.F) {
	for i, game := range []string{"bacterial", "inventor", "caos3"} {
		for _, name := range golden.Glob(f, filepath.Join("..", "games", game, "testdata", "official", "*.in")) {
			data := golden.Read(f, name)
			if _, err := Parse(bytes.NewReader(data), fuzzSpecs[i]); err != nil {
				f.Fatalf("official input %s does not parse: %v", name, err)
			}
			f.Add(data, uint8(i))
		}
	}
	for _, s := range []string{
		"",
		"0\n",
		"x\n",
		"1\n",
		"1\n2\n",
		"1\n1 1 1\n",
		"1\n2 2\n..\n.\n",
		"1\n2 2\n..\n.x\n",
		"2\n1 1\n.\n",
		"1\n1 1\n.\n1 1\n.\n",
		"1\r\n2 2\r\n.#\r\n#.\r\n\r\n",
		"5\n1 1\n.\n1 1\n#\n1 1\nX\n1 1\n^\n1 1\n.\n",
		"1\n6 6\n......\n......\n......\n......\n......\n......\n",
		"1\n1 1\n" + strings.Repeat(" ", 70000) + "\n",
	} {
		for i := range fuzzSpecs {
			f.Add([]byte(s), uint8(i))
		}
	}

	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		spec := fuzzSpecs[int(which)%len(fuzzSpecs)]
		cases, err := Parse(bytes.NewReader(data), spec)
		if err != nil {
			if cases != nil {
				t.Errorf("cases %v returned along with error %v", cases, err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error is not a single line: %q", msg)
			}
			if pe.Line < 1 || pe.Line > bytes.Count(data, []byte("\n"))+2 {
				t.Errorf("error line %d outside the input (%d newlines): %s", pe.Line, bytes.Count(data, []byte("\n")), msg)
			}
			if pe.Case < 0 || pe.Case > spec.MaxCases {
				t.Errorf("error case %d outside 0..%d: %s", pe.Case, spec.MaxCases, msg)
			}
			if pe.Column < 0 || pe.Column > spec.MaxSide {
				t.Errorf("error column %d outside 0..%d: %s", pe.Column, spec.MaxSide, msg)
			}
			return
		}
		if len(cases) < 1 || len(cases) > spec.MaxCases {
			t.Fatalf("%d cases, want 1..%d", len(cases), spec.MaxCases)
		}
		total := 0
		for k, g := range cases {
			if g.Rows < 1 || g.Rows > spec.MaxSide || g.Cols < 1 || g.Cols > spec.MaxSide {
				t.Fatalf("case %d: size %d x %d outside 1..%d", k+1, g.Rows, g.Cols, spec.MaxSide)
			}
			if g.Rows*g.Cols != len(g.Cells) {
				t.Fatalf("case %d: %d x %d grid holds %d cells", k+1, g.Rows, g.Cols, len(g.Cells))
			}
			if g.Rows*g.Cols > spec.MaxCells {
				t.Fatalf("case %d: %d cells above MaxCells %d", k+1, g.Rows*g.Cols, spec.MaxCells)
			}
			for i, c := range g.Cells {
				if strings.IndexByte(spec.Alphabet, c) < 0 {
					t.Fatalf("case %d: cell %d is %q, not one of %q", k+1, i, c, spec.Alphabet)
				}
			}
			total += len(g.Cells)
		}
		if total > spec.MaxTotalCells {
			t.Fatalf("%d cells in all, above MaxTotalCells %d", total, spec.MaxTotalCells)
		}
		out := spec.Format(cases)
		again, err := Parse(strings.NewReader(out), spec)
		if err != nil {
			t.Fatalf("Format output does not re-parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(again, cases) {
			t.Fatalf("Format output re-parses to different cases:\n got %v\nwant %v", again, cases)
		}
	})
}
