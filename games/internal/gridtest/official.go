package gridtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimber/game/gametest"
	"nimber/grid"
	"nimber/internal/golden"
)

// ReadOfficial reads the official data set: the cases of
// testdata/official/<set>.in, parsed with spec, and the answer lines of
// <set>.ans, one per case, trimmed of surrounding space. It fails t on a
// missing file, a parse error, an empty answer line or a count mismatch.
func ReadOfficial(t testing.TB, spec grid.Spec, set string) ([]grid.Grid, []string) {
	t.Helper()
	dir := filepath.Join("testdata", "official")
	in := gametest.Must(t, os.Open, filepath.Join(dir, set+".in"))
	defer in.Close()
	cases, err := grid.Parse(in, spec)
	if err != nil {
		t.Fatalf("%s.in: %v", set, err)
	}
	ans := golden.Read(t, filepath.Join(dir, set+".ans"))
	want := strings.Split(strings.TrimSpace(string(ans)), "\n")
	for i, line := range want {
		if want[i] = strings.TrimSpace(line); want[i] == "" {
			t.Fatalf("%s.ans: line %d is empty", set, i+1)
		}
	}
	if len(want) != len(cases) {
		t.Fatalf("%s: %d answers for %d cases", set, len(want), len(cases))
	}
	return cases, want
}

// Official solves every case of the official data sets with both solvers
// and compares each answer line, formatted by gm.Answer (CaseCount when nil), with the official
// one.
func (gm *Game[S, M]) Official(t *testing.T, sets ...string) {
	t.Helper()
	solvers := []struct {
		name  string
		solve Solver[M]
	}{{"dense", gm.Dense}, {"generic", gm.Generic}}
	for _, set := range sets {
		cases, want := ReadOfficial(t, gm.Spec, set)
		for _, s := range solvers {
			for i, g := range cases {
				res, err := s.solve(t.Context(), g)
				if err != nil {
					t.Fatalf("%s %s case %d: %v", set, s.name, i+1, err)
				}
				if got := gm.answer(i+1, res.Grundy != 0, res.Winning); got != want[i] {
					t.Errorf("%s %s: got %q, want %q\n%s", set, s.name, got, want[i], g)
				}
			}
		}
	}
}

// OfficialSet is an official data set for ExhaustiveOfficial.
type OfficialSet struct {
	// Name is the set's file name without extension.
	Name string
	// Small reports whether the exhaustive search can afford case g; nil
	// means every case whose cells a position can hold.
	Small func(g grid.Grid) bool
}

// ExhaustiveOfficial checks the exhaustive search itself against the
// official answers, one subtest per set: every case whose cells a position
// can hold and that Small accepts, formatted by gm.Answer. A set with no case
// checked fails.
func (gm *Game[S, M]) ExhaustiveOfficial(t *testing.T, sets ...OfficialSet) {
	t.Helper()
	for _, set := range sets {
		t.Run(set.Name, func(t *testing.T) {
			cases, want := ReadOfficial(t, gm.Spec, set.Name)
			checked := 0
			for k, g := range cases {
				if !gm.fits(g) || set.Small != nil && !set.Small(g) {
					continue
				}
				checked++
				firstWins, winning := gm.Exhaustive(g)
				if got := gm.answer(k+1, firstWins, winning); got != want[k] {
					t.Errorf("case #%d: exhaustive answers %q (winning moves %s), official answer %q\n%s",
						k+1, got, gm.formatMoves(winning), want[k], g)
				}
			}
			t.Logf("%s: checked %d of %d cases", set.Name, checked, len(cases))
			if checked == 0 {
				t.Errorf("%s: no case was small enough to check", set.Name)
			}
		})
	}
}

// CaseCount is the official answer line of the Code Jam problems: "Case
// #k: n", n the number of winning first moves.
func CaseCount[M any](k int, _ bool, winning []M) string {
	return fmt.Sprintf("Case #%d: %d", k, len(winning))
}
