// Package census surveys families of heap games: every octal (or
// hexadecimal) code of a few digits, or a list of codes, each computed with
// the sparse-space engine to a number of heaps, its period searched and
// proven where the Guy–Smith condition allows, and the results kept in the
// results store. The work of a census is a set of independent jobs, one per
// code, which run on workers fed by a work queue (package queue): the same
// code path runs in one process and across machines.
package census

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"nimber/heap"
)

// MaxDigits bounds --digits: 8^6 octal codes are 262,143 jobs, 16^5
// hexadecimal ones about a million.
const MaxDigits = 6

// Codes returns every code 0.d1…dD of at most digits digits after the
// point, octal (digits 0-7) or hexadecimal (0-F), in increasing order of
// length and then of digits. Trailing zeros make a shorter code, which is
// listed once, without them; the code with no digit but zeros (no move at
// all) is left out.
func Codes(digits int, hex bool) ([]string, error) {
	if digits < 1 || digits > MaxDigits {
		return nil, fmt.Errorf("--digits %d out of range 1..%d", digits, MaxDigits)
	}
	base := 8
	if hex {
		base = 16
	}
	var out []string
	for d := 1; d <= digits; d++ {
		// The codes of exactly d digits: the last one non-zero.
		count := 1
		for range d - 1 {
			count *= base
		}
		for i := range count {
			for last := 1; last < base; last++ {
				var b strings.Builder
				b.WriteString("0.")
				x := i
				prefix := make([]byte, d-1)
				for k := d - 2; k >= 0; k-- {
					prefix[k] = "0123456789ABCDEF"[x%base]
					x /= base
				}
				b.Write(prefix)
				b.WriteByte("0123456789ABCDEF"[last])
				out = append(out, b.String())
			}
		}
	}
	return out, nil
}

// ReadCodes reads a list of codes, one a line; blank lines and text after
// '#' are ignored. Each code must parse (heap.Parse: octal, hexadecimal,
// grundy, sub:SET); a code listed twice, by the same canonical form, is
// an error. name names the input in errors ("FILE:LINE: ...").
func ReadCodes(r io.Reader, name string) ([]string, error) {
	var out []string
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		g, err := heap.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		canon := g.String()
		if first, ok := seen[canon]; ok {
			return nil, fmt.Errorf("%s:%d: %s is the code of line %d again (%s)", name, line, text, first, canon)
		}
		seen[canon] = line
		out = append(out, text)
		if len(out) > MaxCodes {
			return nil, fmt.Errorf("%s:%d: more than %d codes", name, line, MaxCodes)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, line+1, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no code in the list", name)
	}
	return out, nil
}

// MaxCodes bounds the codes of one census.
const MaxCodes = 1 << 20
