package census

import (
	"strings"
	"testing"

	"nimber/heap"
)

// codeCount is how many codes of a length there are: a case of TestCodes.
type codeCount struct {
	digits int
	hex    bool
	want   int
}

// TestCodes counts the codes of each length, checks that they parse, are
// listed once by canonical form, and end in a non-zero digit.
func TestCodes(t *testing.T) {
	for _, tc := range []codeCount{
		{1, false, 7}, {2, false, 63}, {3, false, 511}, {1, true, 15}, {2, true, 255},
	} {
		codes, err := Codes(tc.digits, tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		if len(codes) != tc.want {
			t.Errorf("%d digits (hex %v): %d codes, want %d", tc.digits, tc.hex, len(codes), tc.want)
		}
		seen := map[string]bool{}
		for _, c := range codes {
			g, err := heap.Parse(c)
			if err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			if seen[g.String()] || strings.HasSuffix(c, "0") {
				t.Errorf("%s listed twice or with a trailing zero", c)
			}
			seen[g.String()] = true
		}
	}
	for _, d := range []int{0, MaxDigits + 1} {
		if _, err := Codes(d, false); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("--digits %d: %v", d, err)
		}
	}
}

// TestReadCodes checks the list format and its errors.
func TestReadCodes(t *testing.T) {
	got, err := ReadCodes(strings.NewReader("# short codes\n0.07\n\n.137 # Dawson's chess\ngrundy\n"), "list")
	if err != nil || strings.Join(got, " ") != "0.07 .137 grundy" {
		t.Fatalf("%q, %v", got, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"0.07\n0.0x\n", "list:2: "},
		{"0.07\n.07\n", "list:2: .07 is the code of line 1 again (0.07)"},
		{"# nothing\n", "list: no code in the list"},
	} {
		if _, err := ReadCodes(strings.NewReader(tc.in), "list"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
}
