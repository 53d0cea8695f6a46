package loopy

import (
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"nimber/cgt"
)

// TestSideLEStoppers checks that the sides of stoppers are themselves:
// on random stoppers, comparing onsides or offsides is LE.
func TestSideLEStoppers(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 12))
	for range 500 {
		g, h := randomStopper(rng, 4), randomStopper(rng, 4)
		want, err := LE(g, h, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, onside := range []bool{true, false} {
			got, err := SideLE(g, h, onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%+v <= %+v: onside %v says %v, LE %v", g.Graph, h.Graph, onside, got, want)
			}
		}
	}
}

// TestSideLENamed checks the sides of games that are not stoppers, as
// CGSuite gives them: dud = on & off, and so is on + off.
func TestSideLENamed(t *testing.T) {
	for _, tc := range []struct {
		games           []string
		onside, offside string
	}{
		{[]string{"dud"}, "on", "off"},
		{[]string{"on", "off"}, "on", "off"},
	} {
		g := namedSum(t, tc.games...)
		for _, side := range []struct {
			onside bool
			want   string
		}{{true, tc.onside}, {false, tc.offside}} {
			w := named(t, side.want)
			le, err := SideLE(g, w, side.onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			ge, err := SideLE(w, g, side.onside, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !le || !ge {
				t.Errorf("%v: side (onside %v) compared with %s: <= %v, >= %v; want equal", tc.games, side.onside, side.want, le, ge)
			}
		}
		// The sides differ: the onside on is not at most off, nor is on at
		// most the offside off.
		if le, err := SideLE(g, named(t, tc.offside), true, 0); err != nil || le {
			t.Errorf("%v: onside <= %s: %v, %v; want false", tc.games, tc.offside, le, err)
		}
		if le, err := SideLE(named(t, tc.onside), g, false, 0); err != nil || le {
			t.Errorf("%v: %s <= offside: %v, %v; want false", tc.games, tc.onside, le, err)
		}
	}
}

// TestSidesCGSuiteFacts compares the sides of the games of CGSuite's own
// tests (testdata/cgsuite-loopy.tsv) with the sides CGSuite gives, each a
// stopper (its own sides): the Onside and Offside rows, and the rows of a
// game printed as onside & offside (a{1||a|0} is 2 & +-1). A side equals
// CGSuite's when each is at most the other, compared on that side.
func TestSidesCGSuiteFacts(t *testing.T) {
	data, err := os.ReadFile("testdata/cgsuite-loopy.tsv")
	if err != nil {
		t.Fatal(err)
	}
	c := cgt.New(0)
	method := regexp.MustCompile(`^\((.*)\)\.(Onside|Offside)$`)
	checked, sided := 0, 0
	for line := range strings.Lines(string(data)) {
		cols := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(cols) != 4 || strings.HasPrefix(cols[0], "#") || strings.HasPrefix(cols[3], "!error") {
			continue
		}
		in, want := cols[2], map[bool]string{}
		if m := method.FindStringSubmatch(in); m != nil {
			in, want[m[2] == "Onside"] = m[1], cols[3]
		} else if on, off, ok := strings.Cut(cols[3], " & "); ok {
			want[true], want[false] = on, off
		} else {
			continue
		}
		g, err := Parse(c, in)
		if err != nil {
			continue // statements, methods, sides written with &: not read
		}
		for onside, text := range want {
			w, err := Parse(c, text)
			if err != nil || !IsStopper(w) {
				continue // Tiny(on) is not read; Bach's carousel's sides are not stoppers
			}
			le, err1 := SideLE(g, w, onside, 1<<20)
			ge, err2 := SideLE(w, g, onside, 1<<20)
			if err1 != nil || err2 != nil || !le || !ge {
				t.Errorf("%s: side (onside %v) against CGSuite's %s: <= %v, >= %v (%v, %v)", cols[2], onside, text, le, ge, err1, err2)
			}
			checked++
			if !IsStopper(g) {
				sided++
			}
		}
	}
	// Read today: 80 sides, 12 of them of games that are not stoppers.
	if checked < 80 || sided < 12 {
		t.Errorf("checked %d sides, %d of games that are not stoppers; want 80 and 12", checked, sided)
	}
}

// TestSideFormRandom finds the sides of random games that are not
// stoppers and checks what the theory says of them, apart from how they
// were found: each is a stopper, and the offside is at most the onside
// (Siegel, VI.4). Most random games have sides that are stoppers.
func TestSideFormRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 13))
	found, tried := 0, 0
	for tried < 300 {
		g := Game{randomGraph(rng, 4), 0}
		if IsStopper(g) {
			continue
		}
		tried++
		on, err1 := SideForm(g, true, 0)
		off, err2 := SideForm(g, false, 0)
		if errors.Is(err1, ErrSides) || errors.Is(err2, ErrSides) {
			continue
		}
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		found++
		if !IsStopper(on) || !IsStopper(off) {
			t.Fatalf("%+v: sides %+v, %+v not stoppers", g.Graph, on.Graph, off.Graph)
		}
		if le, err := LE(off, on, 0); err != nil || !le {
			t.Fatalf("%+v: offside %+v not at most onside %+v (%v)", g.Graph, off.Graph, on.Graph, err)
		}
	}
	if found < tried/2 {
		t.Errorf("sides found for %d of %d games", found, tried)
	}
}
