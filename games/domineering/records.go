package domineering

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"nimber/game"
)

// recordsTSV is records.tsv: the published outcomes of empty rectangles,
// one line each, with its conventions and sources in its comments.
//
//go:embed records.tsv
var recordsTSV string

// RecordColumns are the columns of records.tsv, in order: its header line
// is these names joined by tabs.
var RecordColumns = []string{"rows", "cols", "left_first", "right_first", "class", "source", "evidence", "positions", "seconds", "machine"}

// MaxRecordSide is the largest side of a board in records.tsv.
const MaxRecordSide = 255

// Evidence is what was read to check a record's class (the evidence
// column).
const (
	// EvidenceCheck: the regression script of Bullock's Obsequi, which
	// lists his table of outcomes and checks both starts of each board.
	EvidenceCheck = "check"
	// EvidenceAbstract: the publication's abstract states the claim.
	EvidenceAbstract = "abstract"
	// EvidenceUnread: the class as the literature cites the source, whose
	// text could not be read here: not verified.
	EvidenceUnread = "unread"
)

// recordSources are the publications records.tsv cites, each with what of
// it was read.
var recordSources = []game.Source{
	{
		Key:      "bullock2002",
		Citation: "Nathan Bullock, Domineering: Solving Large Combinatorial Search Spaces, M.Sc. thesis, University of Alberta, 2002",
		URL:      "https://github.com/nathanbullock/obsequi",
		Read: "the thesis itself was not reachable; its table of outcomes is read from the script Check of the thesis's code base " +
			"(nathanbullock/obsequi, commit 3a856b2, \"Initial addition of my original code base from my M.Sc. thesis\"), " +
			"which solves every board up to 2 x 15, 3 x 13, 4 x 12, 5 x 10, 6 x 8, 7 x 8 and 8 x 8 with Vertical first, " +
			"and its transpose with Vertical first (the board with Horizontal first): both starts of each. " +
			"9 x 9 and 10 x 10 are not in it: their class N (a first-player win) is the one commonly attributed to these results, " +
			"but no text reachable here states it, so it is not verified",
	},
	{
		Key:      "breuker2000",
		Citation: "D. M. Breuker, J. W. H. M. Uiterwijk, H. J. van den Herik, Solving 8 x 8 Domineering, Theoretical Computer Science 230 (2000) 195-206",
		Read:     "the abstract: 8 x 8 is a win for the player first to move; its table of boards m x n, m = 2..8, n = m..9, was not read",
	},
	{
		Key:      "uiterwijk2014a",
		Citation: "J. W. H. M. Uiterwijk, The Impact of Safe Moves on Perfectly Solving Domineering Boards, Part 1: Analysis of and Experiments with 1-Step Safe Moves, ICGA Journal 37(2) (2014) 97-105",
		Read: "the abstract: 6 x 15 a win for Vertical, 11 x 14 and 11 x 18 for Horizontal, in the series' convention that Vertical starts " +
			"(Perfectly Solving Domineering Boards, 2014): recorded with Left first only",
	},
	{
		Key:      "uiterwijk2014b",
		Citation: "J. W. H. M. Uiterwijk, The Impact of Safe Moves on Perfectly Solving Domineering Boards, Part 2: Analysis of and Experiments with Multi-Step Safe Moves, ICGA Journal 37(3) (2014) 144-160",
		URL:      "https://doi.org/10.3233/ICG-2014-37303",
		Read:     "the abstract: 6 x 19, 10 x 15, 14 x 15 and 18 x 15 wins for Vertical, Vertical starting: recorded with Left first only",
	},
	{
		Key:      "uiterwijk2014c",
		Citation: "J. W. H. M. Uiterwijk, The Impact of Safe Moves on Perfectly Solving Domineering Boards, Part 3, ICGA Journal 37 (2014); and Perfectly Solving Domineering Boards, Computer Games Workshop (CGW 2013), CCIS 408, Springer, 2014",
		URL:      "https://doi.org/10.3233/ICG-2014-37403",
		Read: "the abstracts' theorems: every 2k x n board is a win for Vertical for n = 3, 5, 7, 9, 11 (and n = 13 with k >= 3), " +
			"every m x 2k board a win for Horizontal for m = 5, 9, 13, for m = 3, 7 with k >= 2 (and 11 x 2k with k >= 6, 11 x 4k), " +
			"Vertical starting. A board 2k x n that both decide (2k x n and n x 2k) is Vertical's whoever starts, " +
			"since Right first on 2k x n is Left first on n x 2k with the players swapped; such boards up to 10 x 10 " +
			"that Bullock's table lacks are recorded",
	},
	{
		Key:      "uiterwijk2016",
		Citation: "J. W. H. M. Uiterwijk, 11 x 11 Domineering Is Solved: The First Player Wins, Computers and Games (CG 2016), LNCS 10068, Springer, 2016, 129-136",
		URL:      "https://doi.org/10.1007/978-3-319-50935-8_12",
		Read: "the abstract: the first player wins 11 x 11 whether Vertical or Horizontal starts; with Vertical starting, " +
			"8 x 15, 11 x 9, 12 x 8, 12 x 15, 14 x 8 and 17 x 6 are won by Vertical, 6 x 17, 8 x 12, 9 x 11 and 11 x 10 by Horizontal " +
			"(m rows and n columns). A board listed with its transpose has both starts; the others Left first only",
	},
}

var _ game.Records = rules{}

// Records returns the published outcomes of records.tsv, in its order
// (by rows, then columns): game.Records.
func (rules) Records() []game.Record { return embeddedRecords() }

// RecordSources returns the publications records.tsv cites:
// game.Records.
func (rules) RecordSources() []game.Source { return recordSources }

// embeddedRecords parses records.tsv once. The file is part of the
// binary and its test parses it, so a failure is a bug of the build.
var embeddedRecords = sync.OnceValue(func() []game.Record {
	recs, err := ParseRecords(strings.NewReader(recordsTSV))
	if err != nil {
		panic("domineering: records.tsv: " + err.Error())
	}
	return recs
})

// Winner letters of the left_first and right_first columns and the words
// of game.Record.
var winnerWords = map[string]string{"L": "Left", "R": "Right", "?": ""}

// outcomeOf is the class column that left_first and right_first make.
func outcomeOf(left, right string) string {
	switch left + right {
	case "LL":
		return "L"
	case "RR":
		return "R"
	case "LR":
		return "N"
	case "RL":
		return "P"
	case "L?":
		return "L or N"
	case "R?":
		return "R or P"
	case "?R":
		return "R or N"
	case "?L":
		return "L or P"
	}
	return ""
}

// other is the other player's letter, "?" for "?".
func other(w string) string {
	switch w {
	case "L":
		return "R"
	case "R":
		return "L"
	}
	return w
}

var (
	// decimal is a count of positions: digits, no sign.
	decimal = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
	// seconds is a duration: digits and at most one decimal point.
	secondsText = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]+)?$`)
)

// ParseRecords reads records in the form of records.tsv: lines of
// RecordColumns separated by single tabs, after a header line of the
// columns' names; blank lines and lines starting with '#' are comments.
// It is strict: a malformed line is refused with a one-line error naming
// its line, and so is a board given twice, a record whose transpose has
// no line or disagrees with it (transposing swaps the players), and a
// square that is not its own transpose's mirror (a square's class is N or
// P).
func ParseRecords(r io.Reader) ([]game.Record, error) {
	type entry struct {
		rec         game.Record
		left, right string // L, R or ?
		line        int
	}
	var (
		entries []entry
		at      = map[[2]int]int{} // board -> index in entries
		header  bool
		sc      = bufio.NewScanner(r)
		n       int
	)
	sc.Buffer(make([]byte, 0, 4096), 1<<16)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
	}
	sources := map[string]bool{}
	for _, s := range recordSources {
		sources[s.Key] = true
	}
	for sc.Scan() {
		n++
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !header {
			if want := strings.Join(RecordColumns, "\t"); line != want {
				return nil, fail("the header is %.80q, want the columns %s separated by tabs", line, strings.Join(RecordColumns, ", "))
			}
			header = true
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != len(RecordColumns) {
			return nil, fail("%d columns, want %d (%s) separated by single tabs", len(f), len(RecordColumns), strings.Join(RecordColumns, ", "))
		}
		for i, v := range f {
			if v != strings.TrimSpace(v) {
				return nil, fail("%s %q has spaces around it", RecordColumns[i], v)
			}
			if strings.IndexFunc(v, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
				return nil, fail("%s %q has a character that does not print", RecordColumns[i], v)
			}
		}
		var side [2]int
		for i := range side {
			v, err := strconv.Atoi(f[i])
			if err != nil || !decimal.MatchString(f[i]) || v < 1 || v > MaxRecordSide {
				return nil, fail("%s %q is not an integer in 1..%d", RecordColumns[i], f[i], MaxRecordSide)
			}
			side[i] = v
		}
		e := entry{line: n, left: f[2], right: f[3]}
		for i, w := range []string{e.left, e.right} {
			if _, ok := winnerWords[w]; !ok {
				return nil, fail("%s %q: want L, R or ?", RecordColumns[2+i], w)
			}
		}
		if e.left == "?" && e.right == "?" {
			return nil, fail("left_first and right_first are both ?: a record claims at least one")
		}
		if want := outcomeOf(e.left, e.right); f[4] != want {
			return nil, fail("class %q, but left_first %s and right_first %s make %q", f[4], e.left, e.right, want)
		}
		if !sources[f[5]] {
			var keys []string
			for _, s := range recordSources {
				keys = append(keys, s.Key)
			}
			return nil, fail("source %q is not one of %s", f[5], strings.Join(keys, ", "))
		}
		switch f[6] {
		case EvidenceCheck, EvidenceAbstract, EvidenceUnread:
		default:
			return nil, fail("evidence %q is not one of %s, %s, %s", f[6], EvidenceCheck, EvidenceAbstract, EvidenceUnread)
		}
		e.rec = game.Record{
			Position: emptyBoard(side[0], side[1]), Rows: side[0], Cols: side[1],
			LeftFirst: winnerWords[e.left], RightFirst: winnerWords[e.right], Outcome: f[4],
			Source: f[5], Evidence: f[6], Machine: f[9],
		}
		if measured := f[7] != "" || f[8] != "" || f[9] != ""; measured {
			if f[7] == "" || f[8] == "" || f[9] == "" {
				return nil, fail("positions %q, seconds %q, machine %q: a measurement has all three, or none", f[7], f[8], f[9])
			}
			p, err := strconv.ParseInt(f[7], 10, 64)
			if err != nil || !decimal.MatchString(f[7]) {
				return nil, fail("positions %q is not a count (digits)", f[7])
			}
			s, err := strconv.ParseFloat(f[8], 64)
			if err != nil || !secondsText.MatchString(f[8]) || math.IsInf(s, 0) {
				return nil, fail("seconds %q is not a number of seconds (digits, a point, digits)", f[8])
			}
			e.rec.Positions, e.rec.Seconds = &p, &s
		}
		if i, ok := at[side]; ok {
			return nil, fail("%d x %d again (line %d)", side[0], side[1], entries[i].line)
		}
		at[side] = len(entries)
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than 64 KiB", n+1)
		}
		return nil, err
	}
	if !header {
		return nil, errors.New("line 1: no header line (the columns " + strings.Join(RecordColumns, ", ") + " separated by tabs)")
	}
	recs := make([]game.Record, len(entries))
	for i, e := range entries {
		n = e.line
		rows, cols := e.rec.Rows, e.rec.Cols
		j, ok := at[[2]int{cols, rows}]
		if !ok {
			return nil, fail("%d x %d has no line for its transpose %d x %d (transposing swaps the players: every record has both)", rows, cols, cols, rows)
		}
		t := entries[j]
		if t.left != other(e.right) || t.right != other(e.left) {
			if rows == cols {
				return nil, fail("%d x %d is its own transpose, so Left first and Right first mirror each other (class N or P): left_first %s, right_first %s", rows, cols, e.left, e.right)
			}
			return nil, fail("%d x %d (left_first %s, right_first %s) disagrees with its transpose on line %d (left_first %s, right_first %s): transposing swaps the players", rows, cols, e.left, e.right, t.line, t.left, t.right)
		}
		recs[i] = e.rec
	}
	return recs, nil
}

// emptyBoard is the text of the empty rows x cols board.
func emptyBoard(rows, cols int) string {
	row := strings.Repeat(".", cols)
	lines := make([]string, rows)
	for i := range lines {
		lines[i] = row
	}
	return strings.Join(lines, "|")
}
