package nimfield

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxTable bounds the side of a multiplication table: Table(n) for n up
// to 256, the products of bytes.
const MaxTable = 256

// Table returns the nim-multiplication table of 0..n-1: row a, column b
// holds a ⊗ b. It refuses n outside 1..MaxTable before allocating.
func Table(n int) ([][]uint64, error) {
	if n < 1 || n > MaxTable {
		return nil, fmt.Errorf("table of %d: want 1..%d", n, MaxTable)
	}
	t := make([][]uint64, n)
	for a := range t {
		t[a] = make([]uint64, n)
		for b := range t[a] {
			t[a][b] = Mul(uint64(a), uint64(b))
		}
	}
	return t, nil
}

// Parse reads a word: unsigned decimal, or hexadecimal after 0x. A
// leading 0 is decimal, not octal.
func Parse(s string) (uint64, error) {
	digits, base := s, 10
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		digits, base = h, 16
	}
	if digits == "" || strings.ContainsAny(digits, "_+-") {
		return 0, fmt.Errorf("number %q: want an unsigned decimal or 0x hexadecimal word", s)
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("number %q: over 2^64-1, the largest word of the field", s)
		}
		return 0, fmt.Errorf("number %q: want an unsigned decimal or 0x hexadecimal word", s)
	}
	return v, nil
}

// Ops are the operations of Eval, with the arguments each takes.
var Ops = []struct{ Name, Args string }{
	{"mul", "A B ...: the nim-product of all"},
	{"inv", "A: the nim-inverse, A ⊗ X = 1 (none for 0)"},
	{"sqrt", "A: the nim-square root, X ⊗ X = A"},
	{"pow", "A E: A nim-multiplied by itself E times"},
	{"table", "N: the multiplication table of 0..N-1, N ≤ 256"},
}

// MaxFactors bounds the factors of a product in Eval.
const MaxFactors = 1024

// Answer is the result of an operation of Eval, as nimber field --json
// and POST /api/field give it. Words are decimal strings, so that readers
// whose numbers are doubles (JavaScript, jq) keep all 64 bits.
type Answer struct {
	Op   string   `json:"op"`
	Args []string `json:"args"` // the arguments, in decimal
	// Result is the word the operation gives (all but table).
	Result string `json:"result,omitempty"`
	// Table holds row a, column b: a ⊗ b (table only).
	Table [][]uint64 `json:"table,omitempty"`
}

// Eval applies the operation op (mul, inv, sqrt, pow or table, see Ops)
// to args, words as Parse reads them. The errors say which argument is
// wrong and why.
func Eval(op string, args []string) (Answer, error) {
	want := map[string][2]int{"mul": {1, MaxFactors}, "inv": {1, 1}, "sqrt": {1, 1}, "pow": {2, 2}, "table": {1, 1}}
	n, ok := want[op]
	if !ok {
		return Answer{}, fmt.Errorf("operation %q: want mul, inv, sqrt, pow or table", op)
	}
	if len(args) < n[0] || len(args) > n[1] {
		if n[0] == n[1] {
			return Answer{}, fmt.Errorf("%s: %d arguments given, want %d", op, len(args), n[0])
		}
		return Answer{}, fmt.Errorf("%s: %d arguments given, want %d..%d", op, len(args), n[0], n[1])
	}
	words := make([]uint64, len(args))
	a := Answer{Op: op, Args: make([]string, len(args))}
	for i, s := range args {
		v, err := Parse(s)
		if err != nil {
			return Answer{}, fmt.Errorf("%s, argument %d: %w", op, i+1, err)
		}
		words[i] = v
		a.Args[i] = strconv.FormatUint(v, 10)
	}
	var r uint64
	switch op {
	case "mul":
		r = 1
		for _, w := range words {
			r = Mul(r, w)
		}
	case "inv":
		var ok bool
		if r, ok = Inv(words[0]); !ok {
			return Answer{}, errors.New("inv: 0 has no nim-inverse")
		}
	case "sqrt":
		r = Sqrt(words[0])
	case "pow":
		r = Pow(words[0], words[1])
	case "table":
		if words[0] < 1 || words[0] > MaxTable {
			return Answer{}, fmt.Errorf("table of %s: want 1..%d", args[0], MaxTable)
		}
		t, err := Table(int(words[0]))
		if err != nil {
			return Answer{}, err
		}
		a.Table = t
		return a, nil
	}
	a.Result = strconv.FormatUint(r, 10)
	return a, nil
}
