// Command boardgen writes random benchmark inputs for the grid games in their
// common input format: the case count T, then per case "R C" and R rows.
//
//	boardgen -game bacterial|inventor|caos3 -rows N -cols N -density D -cases T -seed S
//
// density is the probability that a cell is '#' (bacterial, caos3) or 'X'
// (inventor); the other cells are '.' (bacterial, inventor) or '^' (caos3).
// The boards depend only on the flags: the generator is a PCG seeded with S.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	game := flag.String("game", "", "bacterial, inventor or caos3")
	rows := flag.Int("rows", 0, "rows R of every board")
	cols := flag.Int("cols", 0, "columns C of every board")
	density := flag.Float64("density", 0, "fraction of '#' (bacterial, caos3) or 'X' (inventor) cells")
	cases := flag.Int("cases", 1, "number of boards T")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file (default standard output)")
	flag.Parse()

	var blank, marked byte
	switch *game {
	case "bacterial":
		blank, marked = '.', '#'
	case "inventor":
		blank, marked = '.', 'X'
	case "caos3":
		blank, marked = '^', '#'
	default:
		fail("-game must be bacterial, inventor or caos3, got %q", *game)
	}
	if *rows < 1 || *cols < 1 {
		fail("-rows and -cols must be at least 1")
	}
	if *density < 0 || *density > 1 {
		fail("-density must be in [0, 1], got %g", *density)
	}
	if *cases < 1 {
		fail("-cases must be at least 1")
	}
	if flag.NArg() > 0 {
		fail("unexpected arguments %q", flag.Args())
	}

	f := os.Stdout
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fail("%v", err)
		}
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(*seed, 0))
	fmt.Fprintf(w, "%d\n", *cases)
	row := make([]byte, *cols+1)
	row[*cols] = '\n'
	for t := 0; t < *cases; t++ {
		fmt.Fprintf(w, "%d %d\n", *rows, *cols)
		for r := 0; r < *rows; r++ {
			for c := 0; c < *cols; c++ {
				row[c] = blank
				if rng.Float64() < *density {
					row[c] = marked
				}
			}
			w.Write(row)
		}
	}
	if err := w.Flush(); err != nil {
		fail("%v", err)
	}
	if f != os.Stdout {
		if err := f.Close(); err != nil {
			fail("%v", err)
		}
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "boardgen: "+format+"\n", args...)
	os.Exit(2)
}
