package main

import (
	"strings"
	"testing"

	"nimber/registry"
)

// fuzzGame is a game the position fuzzer drives: the arguments that name
// it and a position of it that the mutations start from.
type fuzzGame struct {
	args    []string // the game's name, or --rules FILE
	example string
	board   string // the characters of a start board, for board games
}

// fuzzGames returns every game of the catalogue (a family by its example)
// and the example rules files.
func fuzzGames(tb testing.TB) []fuzzGame {
	tb.Helper()
	var out []fuzzGame
	for _, e := range registry.Entries() {
		name := e.Name
		if e.Family() {
			name = e.Example
		}
		g, _, err := registry.Lookup(name)
		if err != nil {
			tb.Fatalf("game %q of the catalogue: %v", name, err)
		}
		fg := fuzzGame{args: []string{name}, example: e.ExamplePosition}
		for _, s := range g.Info().Legend {
			if s.Start {
				fg.board += s.Char
			}
		}
		out = append(out, fg)
	}
	for file, example := range map[string]string{
		"coins.star": "HHT TH", "kayles.star": "5", "nodekayles.star": "1-2-3 4",
		"subtraction.star": "7", "wythoff.star": "3 5", "turning.star": "THHTH",
	} {
		out = append(out, fuzzGame{args: []string{"--rules", "../../examples/rules/" + file}, example: example})
	}
	return out
}

// positionCommands are the commands that take a sum of positions, each
// with the game's arguments at %g and the positions at %p, bounded so that
// any position gives a quick answer or a refusal.
var positionCommands = [][]string{
	{"grundy", "%g", "%p"},
	{"grundy", "%g", "%p", "--engine", "generic"},
	{"grundy", "%g", "%p", "--misere", "--budget", "20000", "--quotient=false"},
	{"grundy", "%g", "%p", "--json"},
	{"analyze", "%g", "%p"},
	{"analyze", "%g", "--position", "%p"},
	{"explain", "%g", "%p"},
	{"compound", "--move", "all", "--end", "short", "--play", "misere", "--max-positions", "4096", "--game", "%g", "%p"},
}

// fuzzPositions derives 1 to 3 positions of g from the fuzzer's data: the
// pieces of data between NUL bytes, each read by mode as text of its own
// (mode 0), a board of the game's start characters, rows and columns
// first (mode 1), or its example with characters overwritten by
// characters of the example (mode 2). Positions are bounded: at most 64
// bytes of text, boards of at most 8 x 8, numbers of at most 3 digits.
func fuzzPositions(g fuzzGame, mode uint8, data string) []string {
	pieces := strings.SplitN(data, "\x00", 4)
	if len(pieces) > 3 {
		pieces = pieces[:3]
	}
	out := make([]string, len(pieces))
	for i, p := range pieces {
		p = p[:min(len(p), 64)]
		switch {
		case mode%3 == 1 && g.board != "" && len(p) >= 2:
			rows, cols := 1+int(p[0])%8, 1+int(p[1])%8
			var b strings.Builder
			for r := range rows {
				for c := range cols {
					k := 2 + r*cols + c
					ch := g.board[0]
					if k < len(p) {
						ch = g.board[int(p[k])%len(g.board)]
					}
					b.WriteByte(ch)
				}
				b.WriteByte('\n')
			}
			p = b.String()
		case mode%3 == 2:
			text := []byte(g.example)
			for k := 0; k+1 < len(p); k += 2 {
				at := int(p[k]) % (len(text) + 1)
				ch := g.example[int(p[k+1])%len(g.example)]
				if at == len(text) {
					text = append(text, ch)
				} else {
					text[at] = ch
				}
			}
			p = shortNumbers(string(text))
		}
		out[i] = p
	}
	return out
}

// shortNumbers cuts every run of digits of s to 3 digits.
func shortNumbers(s string) string {
	var b strings.Builder
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			if run > 3 {
				continue
			}
		} else {
			run = 0
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// commandLine builds command cmd of positionCommands for game g and the
// positions ps (--position repeated where the template says so).
func commandLine(cmd int, g fuzzGame, ps []string) []string {
	var args []string
	for _, a := range positionCommands[cmd] {
		switch a {
		case "%g":
			args = append(args, g.args...)
		case "%p":
			if args[len(args)-1] == "--position" {
				args = args[:len(args)-1]
				for _, p := range ps {
					args = append(args, "--position", p)
				}
			} else {
				args = append(args, ps...)
			}
		default:
			args = append(args, a)
		}
	}
	return append(args, "--timeout", "5s")
}

// FuzzPositions runs every command that takes positions on every game with
// sums of 1 to 3 positions of mixed sizes derived from the fuzzer's data:
// each ends with exit status 0, or 2 and one line on standard error that
// starts "nimber: ", never a panic.
func FuzzPositions(f *testing.F) {
	games := fuzzGames(f)
	for gi := range games {
		for ci := range positionCommands {
			f.Add(uint8(gi), uint8(ci), uint8(2), "")                     // the example
			f.Add(uint8(gi), uint8(ci), uint8(2), "\x00\x03\x01")         // the example, twice changed
			f.Add(uint8(gi), uint8(ci), uint8(1), "\x01\x02\x00\x02\x04") // boards 2 x 3 and 3 x 5
			f.Add(uint8(gi), uint8(ci), uint8(0), "")
		}
	}
	// The sums of boards of different sizes of issue 19.
	for gi, g := range games {
		switch g.args[0] {
		case "bacterial-tactics":
			f.Add(uint8(gi), uint8(0), uint8(0), "..|.#\x00...|...")
			f.Add(uint8(gi), uint8(5), uint8(0), "..|.#\x00...|...")
		case "caos3":
			f.Add(uint8(gi), uint8(0), uint8(0), "^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^\x00^^^^^^\n^^^^^^\n^^^^^^\n^^^^^^\n^^^^^^\n^^^^^^")
		}
	}
	f.Fuzz(func(t *testing.T, which, cmd, mode uint8, data string) {
		g := games[int(which)%len(games)]
		args := commandLine(int(cmd)%len(positionCommands), g, fuzzPositions(g, mode, data))
		answersOrRefuses(t, args)
	})
}
