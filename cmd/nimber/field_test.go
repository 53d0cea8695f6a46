package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"nimber/sg/nimfield"
)

// products returns the nim-products of 0..n-1 by package nimfield, whose
// TestMex holds them to the mex definition a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕
// a'⊗b' : a' < a, b' < b}: the command is checked to answer them.
func products(n int) [][]uint64 {
	t := make([][]uint64, n)
	for a := range n {
		t[a] = make([]uint64, n)
		for b := range n {
			t[a][b] = nimfield.Mul(uint64(a), uint64(b))
		}
	}
	return t
}

// fieldJSON runs nimber field with args and --json and decodes its answer.
func fieldJSON(t *testing.T, args ...string) nimfield.Answer {
	t.Helper()
	var a nimfield.Answer
	out := output(t, append(append([]string{"field"}, args...), "--json")...)
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("field %q --json: %v\n%s", args, err, out)
	}
	return a
}

// word reads a decimal word of an answer.
func word(t *testing.T, s string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("result %q: %v", s, err)
	}
	return v
}

// TestFieldMul checks field mul against nimfield.Mul for all
// pairs below 32, its text and hexadecimal input, and a product of three.
func TestFieldMul(t *testing.T) {
	want := products(32)
	for a := range 32 {
		for b := range 32 {
			got := fieldJSON(t, "mul", strconv.Itoa(a), strconv.Itoa(b))
			if got.Op != "mul" || word(t, got.Result) != want[a][b] {
				t.Fatalf("field mul %d %d: %+v, nimfield.Mul gives %d", a, b, got, want[a][b])
			}
		}
	}
	// (2 ⊗ 3) ⊗ 7 = 1 ⊗ 7 by the table: 0x2 is 2.
	if got := output(t, "field", "mul", "0x2", "3", "7"); got != fmt.Sprintf("2 ⊗ 3 ⊗ 7 = %d\n", want[want[2][3]][7]) {
		t.Errorf("field mul 0x2 3 7: %q", got)
	}
	// A Fermat 2-power's square is its sesquimultiple: 2^32 ⊗ 2^32 = 3·2^31.
	if got := fieldJSON(t, "mul", "4294967296", "0x100000000"); got.Result != strconv.FormatUint(3<<31, 10) {
		t.Errorf("2^32 ⊗ 2^32: %+v", got)
	}
}

// TestFieldInvSqrtPow checks inverses, square roots and powers by the
// field's identities, with products that field mul computes.
func TestFieldInvSqrtPow(t *testing.T) {
	for _, a := range []string{"1", "2", "5", "15", "255", "256", "65537", "0xdeadbeefcafe", "18446744073709551615"} {
		inv := fieldJSON(t, "inv", a).Result
		if p := fieldJSON(t, "mul", a, inv).Result; p != "1" {
			t.Errorf("inv %s = %s, whose product with it is %s", a, inv, p)
		}
		r := fieldJSON(t, "sqrt", a).Result
		if p := fieldJSON(t, "mul", r, r); p.Result != fieldJSON(t, "mul", a).Result {
			t.Errorf("sqrt %s = %s, whose square is %s", a, r, p.Result)
		}
		// a^5 = a ⊗ a ⊗ a ⊗ a ⊗ a, a^0 = 1.
		if p, m := fieldJSON(t, "pow", a, "5").Result, fieldJSON(t, "mul", a, a, a, a, a).Result; p != m {
			t.Errorf("pow %s 5 = %s, the product of five = %s", a, p, m)
		}
		if p := fieldJSON(t, "pow", a, "0").Result; p != "1" {
			t.Errorf("pow %s 0 = %s", a, p)
		}
	}
	printsAll(t, []string{"field", "inv", "5"}, "1/5 = ")
	printsAll(t, []string{"field", "sqrt", "0"}, "sqrt 0 = 0\n")
	printsAll(t, []string{"field", "pow", "2", "2"}, "2^2 = 3 (nim-power)\n")
}

// TestFieldTable checks field table 16 against Winning Ways' table:
// every entry by nimfield.Mul (held to the mex definition by its TestMex), row 2 as the book prints it, and the
// layout, one line for the header, one rule and one per row.
func TestFieldTable(t *testing.T) {
	out := output(t, "field", "table", "16")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 18 || !strings.HasPrefix(lines[0], " ⊗ |  0  1  2") || !strings.HasPrefix(lines[1], "---+---") {
		t.Fatalf("field table 16:\n%s", out)
	}
	want := products(16)
	for a := range 16 {
		label, cells, ok := strings.Cut(lines[2+a], "|")
		if !ok || strings.TrimSpace(label) != strconv.Itoa(a) {
			t.Fatalf("row %d: %q", a, lines[2+a])
		}
		fields := strings.Fields(cells)
		if len(fields) != 16 {
			t.Fatalf("row %d: %q", a, lines[2+a])
		}
		for b, f := range fields {
			if f != strconv.FormatUint(want[a][b], 10) {
				t.Errorf("row %d column %d: %s, nimfield.Mul gives %d", a, b, f, want[a][b])
			}
		}
		if len(lines[2+a]) != len(lines[0])-len("⊗")+1 {
			t.Errorf("row %d not aligned with the header: %q", a, lines[2+a])
		}
	}
	if got := strings.Join(strings.Fields(strings.SplitN(lines[4], "|", 2)[1]), " "); got != "0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5" {
		t.Errorf("row 2: %s, Winning Ways prints 0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5", got)
	}
	big := fieldJSON(t, "table", "256")
	if len(big.Table) != 256 || big.Table[255][255] != fieldWord(t, "mul", "255", "255") {
		t.Errorf("field table 256: %d rows", len(big.Table))
	}
}

// fieldWord runs field with args and returns its result as a word.
func fieldWord(t *testing.T, args ...string) uint64 {
	t.Helper()
	return word(t, fieldJSON(t, args...).Result)
}

// TestFieldErrors checks the one-line errors of field.
func TestFieldErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"field"}, "want an operation: mul, inv, sqrt, pow, table"},
		{[]string{"field", "div", "3"}, `unknown operation "div"`},
		{[]string{"field", "mul"}, "mul: 0 arguments given, want 1..1024"},
		{[]string{"field", "mul", "5", "x"}, `mul, argument 2: number "x"`},
		{[]string{"field", "mul", "18446744073709551616"}, "over 2^64-1"},
		{[]string{"field", "mul", "0x"}, `number "0x"`},
		{[]string{"field", "mul", "1_000"}, `number "1_000"`},
		{[]string{"field", "inv", "0"}, "0 has no nim-inverse"},
		{[]string{"field", "inv", "0x0", "--json"}, "0 has no nim-inverse"},
		{[]string{"field", "inv", "1", "2"}, "inv: 2 arguments given, want 1"},
		{[]string{"field", "sqrt"}, "sqrt: 0 arguments given, want 1"},
		{[]string{"field", "pow", "2"}, "pow: 1 arguments given, want 2"},
		{[]string{"field", "table", "257"}, "table of 257: want 1..256"},
		{[]string{"field", "table", "0"}, "table of 0: want 1..256"},
		{[]string{"field", "table", "99999999999999999999"}, "over 2^64-1"},
	} {
		refused(t, c.want, c.args...)
	}
}

// TestFieldHelp checks that field and each operation have help with
// examples.
func TestFieldHelp(t *testing.T) {
	printsAll(t, []string{"field", "--help"}, "Examples:", "nimber field mul 5 7", "nimber field table 16", "mex", "0x")
	for _, op := range []string{"mul", "inv", "sqrt", "pow", "table"} {
		printsAll(t, []string{"field", op, "--help"}, "Examples:", "nimber field "+op)
	}
}
