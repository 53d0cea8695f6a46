package registry_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/registry/registrytest"
)

// mcgsCase is a position of MCGS's test files with who wins it moving
// first, as far as the facts say: want[side] is 1 when side wins moving
// first, 0 when she loses, -1 when no fact says.
type mcgsCase struct {
	pos  string
	line int
	want [2]int8
}

// readMCGS reads a file of facts from MCGS's test files, one a line:
// position, who moves first and who wins, apart by tabs; a line that
// starts with "//" is a comment ('#' is a cell of Domineering). Facts of one position are gathered in one case, in the order
// of their first line.
func readMCGS(t *testing.T, path string) []*mcgsCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	side := map[string]game.Side{"Left": game.Left, "Right": game.Right}
	var cases []*mcgsCase
	byPos := map[string]*mcgsCase{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		fields := strings.Split(line, "\t")
		first, ok1 := side[fields[min(1, len(fields)-1)]]
		winner, ok2 := side[fields[len(fields)-1]]
		if len(fields) != 3 || !ok1 || !ok2 {
			t.Fatalf("%s:%d: %q is not position<TAB>Left|Right<TAB>Left|Right", path, n, line)
		}
		c := byPos[fields[0]]
		if c == nil {
			c = &mcgsCase{pos: fields[0], line: n, want: [2]int8{-1, -1}}
			byPos[c.pos] = c
			cases = append(cases, c)
		}
		w := int8(0)
		if winner == first {
			w = 1
		}
		if c.want[first] >= 0 && c.want[first] != w {
			t.Fatalf("%s:%d: %s first: two facts disagree", path, n, first)
		}
		c.want[first] = w
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// mcgsAll runs every fact of MCGS's files, each within mcgsLimit: a
// long run, which logs the time of each position that takes over a
// second.
var (
	mcgsAll   = flag.Bool("mcgs.all", false, "TestMCGS: run every MCGS fact, however large (each within -mcgs.limit)")
	mcgsLimit = flag.Duration("mcgs.limit", time.Minute, "TestMCGS with -mcgs.all: the time of one position")
)

// mcgsFiles are the facts taken from MCGS's test files, by game: the
// file, the cells that count towards a position's size, and the largest
// size checked in -short and by default (the rest take seconds to
// minutes: -mcgs.all).
var mcgsFiles = []struct {
	game, path, cells string
	short, normal     int
}{
	{"clobber", "../games/clobber/testdata/mcgs_outcomes.txt", "xo", 16, 22},
	{"domineering", "../games/domineering/testdata/mcgs_outcomes.txt", ".", 24, 30},
}

// TestMCGS runs the facts of MCGS's test files (positions solved by MCGS,
// the Combinatorial Game Solver of the University of Alberta, and the
// winners its tests expect) through PartizanGame.Outcome, read by
// ParseSearch: those of positions of at most a few stones or empty cells
// in -short, a few more by default, all with -mcgs.all. A position its
// game refuses as too large (the search's limits) is logged, not failed,
// and so is one not decided within its time.
func TestMCGS(t *testing.T) {
	for _, f := range mcgsFiles {
		t.Run(f.game, func(t *testing.T) {
			g := registrytest.Game(t, f.game)
			pg, _ := game.PartizanOf(g)
			cases := readMCGS(t, f.path)
			limit, most := 20*time.Second, f.normal
			if testing.Short() {
				most = f.short
			}
			if *mcgsAll {
				limit, most = *mcgsLimit, 1<<30
			}
			var checked, facts, skipped int
			var refused, slow []string
			start := time.Now()
			for _, c := range cases {
				size := 0
				for _, b := range []byte(c.pos) {
					if strings.IndexByte(f.cells, b) >= 0 {
						size++
					}
				}
				if size > most {
					skipped++
					continue
				}
				pos, err := pg.ParseSearch(c.pos)
				if err != nil {
					var limit *game.LimitError
					if !errors.As(err, &limit) {
						t.Errorf("line %d: %q: %v", c.line, c.pos, err)
					}
					refused = append(refused, fmt.Sprintf("line %d (%d cells): %v", c.line, size, err))
					continue
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				began := time.Now()
				o := game.OutcomeOptions{Threads: 2}
				if size <= f.short {
					o.TableMiB = 1 // a small position: a table of the default size costs more to clear than to search
				}
				res, err := pg.Outcome(ctx, pos, o)
				took, late := time.Since(began), ctx.Err() != nil
				cancel()
				if took > time.Second {
					slow = append(slow, fmt.Sprintf("line %d (%d cells): %v", c.line, size, took.Round(time.Millisecond)))
				}
				if err != nil && late {
					// Past its time: undecided. (The error should be the
					// deadline's; it has been context.Canceled.)
					refused = append(refused, fmt.Sprintf("line %d (%d cells): not decided within %v (%v)", c.line, size, limit, err))
					continue
				}
				if err != nil {
					t.Errorf("line %d: %q: %v", c.line, c.pos, err)
					continue
				}
				checked++
				for side, got := range [2]bool{res.LeftFirst, res.RightFirst} {
					if c.want[side] < 0 {
						continue
					}
					facts++
					if got != (c.want[side] == 1) {
						t.Errorf("line %d: %q with %s moving first: MCGS says %s wins, Outcome (%s, %d nodes) says %s wins",
							c.line, c.pos, game.Side(side), winner(game.Side(side), c.want[side] == 1), res.Method, res.Nodes, winner(game.Side(side), got))
					}
				}
			}
			t.Logf("%d facts of %d positions checked in %v; %d positions left out (-short, or not -mcgs.all), %d refused or undecided",
				facts, checked, time.Since(start).Round(time.Millisecond), skipped, len(refused))
			for _, s := range slow {
				t.Logf("slow: %s", s)
			}
			for _, s := range refused {
				t.Logf("refused: %s", s)
			}
		})
	}
}

// winner returns who wins when first moves first and wins is whether
// she does.
func winner(first game.Side, wins bool) game.Side {
	if wins {
		return first
	}
	return 1 - first
}
