// Command loopygraph writes a random game graph with cycles in nimber's
// graph JSON ({"options": [...], "names": [...]}), for the benchmark of
// loopy values in docs/loopy.md:
//
//	go run ./bench/loopygraph -positions 1000000 -options 4000000 > big.json
//	nimber grundy --graph big.json v0 v1
//
// Every option is drawn uniformly from all positions, so cycles and
// self-loops occur; a position's number of options is uniform in
// 0..2·options/positions, so about one in nine positions has no move and
// both finite and infinite values occur. Positions are named v0, v1, ...
// The same -seed gives the same graph.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	n := flag.Int("positions", 1000000, "number of positions")
	m := flag.Int("options", 4000000, "number of options in all, about")
	seed := flag.Uint64("seed", 1, "random seed")
	names := flag.Bool("names", true, "name the positions v0, v1, ...")
	flag.Parse()
	if *n < 1 || *m < 0 {
		fmt.Fprintln(os.Stderr, "loopygraph: want -positions 1 or more and -options 0 or more")
		os.Exit(2)
	}
	if err := write(os.Stdout, *n, *m, *seed, *names); err != nil {
		fmt.Fprintln(os.Stderr, "loopygraph:", err)
		os.Exit(1)
	}
}

// write writes the graph of n positions and about m options drawn with
// seed to f, the positions named when names is set.
func write(f *os.File, n, m int, seed uint64, names bool) error {
	rng := rand.New(rand.NewPCG(seed, 23))
	w := bufio.NewWriterSize(f, 1<<20)
	maxDegree := 2 * m / n
	var buf []byte
	buf = append(buf, `{"options": [`...)
	buf, err := appendList(w, buf, n, func(buf []byte, _ int) []byte {
		buf = append(buf, '[')
		for i := range rng.IntN(maxDegree + 1) {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(rng.IntN(n)), 10)
		}
		return append(buf, ']')
	})
	if err != nil {
		return err
	}
	buf = append(buf, ']')
	if names {
		buf = append(buf, `, "names": [`...)
		buf, err = appendList(w, buf, n, func(buf []byte, p int) []byte {
			buf = append(buf, `"v`...)
			buf = strconv.AppendInt(buf, int64(p), 10)
			return append(buf, '"')
		})
		if err != nil {
			return err
		}
		buf = append(buf, ']')
	}
	buf = append(buf, "}\n"...)
	if _, err := w.Write(buf); err != nil {
		return err
	}
	return w.Flush()
}

// appendList appends elements 0 to n-1 to buf, comma-separated, each
// appended by elem, and hands buf to w whenever it holds over 64 KiB. It
// returns what buf holds at the end.
func appendList(w io.Writer, buf []byte, n int, elem func(buf []byte, p int) []byte) ([]byte, error) {
	for p := range n {
		if p > 0 {
			buf = append(buf, ',')
		}
		buf = elem(buf, p)
		if len(buf) > 1<<16 {
			if _, err := w.Write(buf); err != nil {
				return nil, err
			}
			buf = buf[:0]
		}
	}
	return buf, nil
}
