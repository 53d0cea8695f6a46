package main

import (
	"fmt"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/play"
)

// tableFamily runs nimber table GAME --function canonical --family FAMILY
// --to TO --format json and decodes its rows, refusing unknown keys.
func tableFamily(t *testing.T, name, family string, to int) []play.FamilyRow {
	t.Helper()
	args := []string{"table", name, "--function", "canonical", "--family", family, "--to", fmt.Sprint(to), "--format", "json"}
	return printedStrictly[[]play.FamilyRow](t, args...)
}

// TestTableCanonical checks tables of Domineering's families: each member
// is the empty board it says, numbered 1..--to, and its canonical form and
// outcome are those nimber value --game gives it; n x K boards are the
// negatives of K x n (transposing swaps the players); 1 x n is -⌊n/2⌋
// (Right alone moves, and fits ⌊n/2⌋ dominoes).
func TestTableCanonical(t *testing.T) {
	c := cgt.New(0)
	rows := map[string][]play.FamilyRow{}
	for _, family := range []string{"1xN", "2xN", "Nx2", "3xN", "Nx3", "NxN"} {
		to := map[string]int{"1xN": 12, "2xN": 8, "Nx2": 8, "3xN": 5, "Nx3": 5, "NxN": 4}[family]
		rows[family] = tableFamily(t, "domineering", family, to)
		if len(rows[family]) != to {
			t.Fatalf("--family %s --to %d: %d rows", family, to, len(rows[family]))
		}
		for i, r := range rows[family] {
			cols := strings.Index(r.Position+"|", "|")
			nrows := strings.Count(r.Position, "|") + 1
			want := map[string][2]int{"1xN": {1, i + 1}, "2xN": {2, i + 1}, "Nx2": {i + 1, 2}, "3xN": {3, i + 1}, "Nx3": {i + 1, 3}, "NxN": {i + 1, i + 1}}[family]
			if r.N != i+1 || [2]int{nrows, cols} != want || strings.Trim(r.Position, ".|") != "" {
				t.Errorf("--family %s row %d: n %d, position %q, want an empty %d x %d board", family, i+1, r.N, r.Position, want[0], want[1])
			}
			d := valueJSON(t, "--game", "domineering", r.Position, "--json")
			if r.Canonical != d.Canonical || r.Outcome != d.Outcome {
				t.Errorf("--family %s member %d %s: %s (%s), value --game says %s (%s)", family, r.N, r.Position, r.Canonical, r.Outcome, d.Canonical, d.Outcome)
			}
		}
	}
	for _, pair := range [][2]string{{"2xN", "Nx2"}, {"3xN", "Nx3"}} {
		for i, r := range rows[pair[0]] {
			g, err := c.Parse(r.Canonical)
			if err == nil {
				g, err = c.Neg(g)
			}
			if err != nil {
				t.Fatalf("%s: %v", r.Canonical, err)
			}
			if neg := rows[pair[1]][i].Canonical; c.String(g) != neg {
				t.Errorf("member %d: %s is %s, %s is %s, want its negative %s", i+1, pair[0], r.Canonical, pair[1], neg, c.String(g))
			}
		}
	}
	for i, r := range rows["1xN"] {
		if want := fmt.Sprint(-((i + 1) / 2)); r.Canonical != want {
			t.Errorf("1 x %d: %s, want %s", i+1, r.Canonical, want)
		}
	}
}

// TestTableCanonicalFormats checks the text and csv forms of a table of
// canonical forms, "n value" as the tables of heaps write them, and its
// refusals: one line, exit status 2, before anything is valued.
func TestTableCanonicalFormats(t *testing.T) {
	want := map[string]string{
		"text": "1 1\n2 +-1\n3 {2|-1/2}\n4 Miny(2)\n",
		"csv":  "1,1\n2,+-1\n3,{2|-1/2}\n4,Miny(2)\n",
	}
	for format, w := range want {
		code, out, errOut := nimber(t, "", "table", "domineering", "--function", "canonical", "--family", "2xN", "--to", "4", "--format", format)
		if code != 0 || out != w {
			t.Errorf("--format %s: exit %d, %q%s, want %q", format, code, out, errOut, w)
		}
	}
	table := []string{"table", "domineering", "--function", "canonical"}
	refused(t, "--family 2xN --to 20: member 19: the 2 x 19 board: 38 empty cells, limit 36", append(table, "--family", "2xN")...)
	refused(t, `no family "3xM" of domineering`, append(table, "--family", "3xM")...)
	refused(t, "--function canonical takes --family: KxN", table...)
	refused(t, "--to 0 out of range 1..65536", append(table, "--family", "2xN", "--to", "0")...)
	refused(t, "nim is a game of kind impartial", "table", "nim", "--function", "canonical", "--family", "2xN")
	refused(t, "clobber has no families of positions", "table", "clobber", "--function", "canonical", "--family", "2xN")
	refused(t, "give --function canonical", "table", "domineering", "--family", "2xN")
	refused(t, `--function "canon" is not one of`, "table", "domineering", "--function", "canon")
}

// TestTableToadsFrogs checks tables of Toads and Frogs' row patterns: each
// member is the row the pattern says, and its canonical form and outcome
// are those nimber value --game gives it.
func TestTableToadsFrogs(t *testing.T) {
	for family, to := range map[string]int{"T^N.F^N": 5, "T^N.^2F^N": 4, "T.^NF": 8, "F^2.^NT": 6} {
		rows := tableFamily(t, "toads-frogs", family, to)
		if len(rows) != to {
			t.Fatalf("--family %s --to %d: %d rows", family, to, len(rows))
		}
		for i, r := range rows {
			n := i + 1
			want := map[string]string{
				"T^N.F^N":   strings.Repeat("T", n) + "." + strings.Repeat("F", n),
				"T^N.^2F^N": strings.Repeat("T", n) + ".." + strings.Repeat("F", n),
				"T.^NF":     "T" + strings.Repeat(".", n) + "F",
				"F^2.^NT":   "FF" + strings.Repeat(".", n) + "T",
			}[family]
			if r.N != n || strings.ReplaceAll(r.Position, " + ", "") != want {
				t.Errorf("--family %s row %d: n %d, position %q, want %q", family, n, r.N, r.Position, want)
			}
			d := valueJSON(t, "--game", "toads-frogs", want, "--json")
			if r.Canonical != d.Canonical || r.Outcome != d.Outcome {
				t.Errorf("--family %s member %d %s: %s (%s), value --game says %s (%s)", family, n, want, r.Canonical, r.Outcome, d.Canonical, d.Outcome)
			}
		}
	}
	refused(t, `no family "T.F" of toads-frogs: no ^N in the pattern`, "table", "toads-frogs", "--function", "canonical", "--family", "T.F")
	refused(t, "--family T^N. --to 21: member 20: part 1 (TTTTTTTTTTTTTTTTTTTT.): 21 squares, limit 20", "table", "toads-frogs", "--function", "canonical", "--family", "T^N.", "--to", "21")
}
