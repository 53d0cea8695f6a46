package domineering

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"nimber/game"
	"nimber/grid"
)

// recordCells is the most cells of the records TestRecordsAgainstSearch
// decides. By default every record of at most 42 cells with -short (86
// boards, 2 s on 2 cores), of at most 49 without (7 x 7, 6 x 8 and 8 x 6
// too, 2 to 6 s); -records.cells 56 adds 7 x 8 and 8 x 7 with a table of
// 1 GiB (some seconds each), 64 the 8 x 8 board (minutes).
var recordCells = flag.Int("records.cells", 0, "decide the records of at most this many cells in TestRecordsAgainstSearch (0: 42 with -short, else 49)")

// TestRecordsEmbedded reads records.tsv as the game serves it: Bullock's
// table, the later boards and their transposes, every source cited and
// every source defined, the boards in order, and none measured but with
// all three of its measurement.
func TestRecordsEmbedded(t *testing.T) {
	recs := rules{}.Records()
	if len(recs) < 130 {
		t.Fatalf("%d records", len(recs))
	}
	byBoard := map[[2]int]game.Record{}
	cited := map[string]int{}
	for i, r := range recs {
		byBoard[[2]int{r.Rows, r.Cols}] = r
		cited[r.Source]++
		if i > 0 && (r.Rows < recs[i-1].Rows || r.Rows == recs[i-1].Rows && r.Cols <= recs[i-1].Cols) {
			t.Errorf("%d x %d after %d x %d: records.tsv is sorted by rows, then columns", r.Rows, r.Cols, recs[i-1].Rows, recs[i-1].Cols)
		}
		if (r.Positions == nil) != (r.Seconds == nil) || (r.Positions == nil) != (r.Machine == "") {
			t.Errorf("%d x %d: positions %v, seconds %v, machine %q", r.Rows, r.Cols, r.Positions, r.Seconds, r.Machine)
		}
		g, err := ParseBoard(r.Position)
		if err != nil && r.Rows <= MaxSide && r.Cols <= MaxSide {
			t.Errorf("%d x %d: position %q: %v", r.Rows, r.Cols, r.Position, err)
		} else if err == nil && (g.Rows != r.Rows || g.Cols != r.Cols || strings.Count(string(g.Cells), ".") != r.Rows*r.Cols) {
			t.Errorf("%d x %d: position %q is %d x %d", r.Rows, r.Cols, r.Position, g.Rows, g.Cols)
		}
	}
	for _, s := range (rules{}).RecordSources() {
		if cited[s.Key] == 0 {
			t.Errorf("source %s is cited by no record", s.Key)
		}
		if s.Citation == "" || s.Read == "" {
			t.Errorf("source %s: %+v", s.Key, s)
		}
	}
	// Spot checks, as the sources state them (rows x columns, Left
	// vertical): Bullock's table, 8 x 8 (Breuker, Uiterwijk and van den
	// Herik), 11 x 11, and 8 x 15 with Vertical starting (Uiterwijk 2016).
	for _, want := range []struct {
		rows, cols         int
		left, right, class string
		source, evidence   string
	}{
		{1, 1, "Right", "Left", "P", "bullock2002", EvidenceCheck},
		{2, 13, "Right", "Left", "P", "bullock2002", EvidenceCheck},
		{5, 5, "Right", "Left", "P", "bullock2002", EvidenceCheck},
		{4, 5, "Left", "Left", "L", "bullock2002", EvidenceCheck},
		{5, 4, "Right", "Right", "R", "bullock2002", EvidenceCheck},
		{3, 13, "Right", "Right", "R", "bullock2002", EvidenceCheck},
		{8, 7, "Left", "Left", "L", "bullock2002", EvidenceCheck},
		{8, 8, "Left", "Right", "N", "breuker2000", EvidenceAbstract},
		{10, 10, "Left", "Right", "N", "bullock2002", EvidenceUnread},
		{11, 11, "Left", "Right", "N", "uiterwijk2016", EvidenceAbstract},
		{8, 15, "Left", "", "L or N", "uiterwijk2016", EvidenceAbstract},
		{15, 8, "", "Right", "R or N", "uiterwijk2016", EvidenceAbstract},
		{9, 11, "Right", "Right", "R", "uiterwijk2016", EvidenceAbstract},
		{11, 10, "Right", "", "R or P", "uiterwijk2016", EvidenceAbstract},
	} {
		r, ok := byBoard[[2]int{want.rows, want.cols}]
		if !ok || r.LeftFirst != want.left || r.RightFirst != want.right || r.Outcome != want.class || r.Source != want.source || r.Evidence != want.evidence {
			t.Errorf("%d x %d: %+v, want %+v", want.rows, want.cols, r, want)
		}
	}
}

// TestRecordsAgainstSearch decides every record of at most 42 cells (49
// without -short; -records.cells) with SolveOutcome, both starts, and
// holds each claim of records.tsv to it: Bullock's table and its
// transposes up to 2 x 15, 3 x 13, 4 x 10, 5 x 8 and 6 x 7 (7 x 7 and
// 6 x 8 without -short). The records are published, the search is
// nimber's own: they agree, or one of them is wrong.
func TestRecordsAgainstSearch(t *testing.T) {
	start := time.Now()
	limit := *recordCells
	if limit == 0 {
		limit = 49
		if testing.Short() {
			limit = 42
		}
	}
	decided := 0
	for _, r := range (rules{}).Records() {
		if r.Rows*r.Cols > limit {
			continue
		}
		mib := 0 // the default table, up to 7 x 7 and 6 x 8 in a second or two
		if r.Rows*r.Cols > 49 {
			mib = 1024
		}
		res, err := SolveOutcome(context.Background(), grid.New(r.Rows, r.Cols, '.'), game.OutcomeOptions{TableMiB: mib})
		if err != nil {
			t.Fatalf("%d x %d: %v", r.Rows, r.Cols, err)
		}
		decided++
		for _, c := range []struct {
			start, claim string
			leftWins     bool
		}{
			{"Left", r.LeftFirst, res.LeftFirst},
			{"Right", r.RightFirst, !res.RightFirst},
		} {
			if c.claim == "" {
				continue
			}
			got := map[bool]string{true: "Left", false: "Right"}[c.leftWins]
			if got != c.claim {
				t.Errorf("%d x %d, %s first: %s wins by SolveOutcome; records.tsv says %s (%s, %s)", r.Rows, r.Cols, c.start, got, c.claim, r.Source, r.Evidence)
			}
		}
	}
	if decided < 80 {
		t.Errorf("%d records decided, want every one of at most %d cells", decided, limit)
	}
	t.Logf("%d records decided in %v", decided, time.Since(start).Round(time.Millisecond))
}

// TestRecordFamilies holds Uiterwijk's theorems (Perfectly Solving
// Domineering Boards, 2014; safe moves part 3, 2014), as their abstracts
// state them with Vertical starting, to SolveOutcome on their boards of at
// most 42 cells: with Left (Vertical) first, every 2k x n board is Left's
// for n = 3, 5, 7, 9, 11 and every m x 3 board for m > 1; every m x 2k
// board is Right's for m = 5, 9, 13, for m = 3 and 7 with k >= 2, every
// 11 x 4k board and every 3 x n board for n > 3. This checks the reading
// of the theorems that records.tsv's uiterwijk2014c records rest on
// (rows x columns, Vertical starting).
func TestRecordFamilies(t *testing.T) {
	type board struct{ rows, cols int }
	left, right := map[board]bool{}, map[board]bool{}
	for rows := 1; rows <= 42; rows++ {
		for cols := 1; rows*cols <= 42; cols++ {
			b := board{rows, cols}
			switch {
			case rows%2 == 0 && (cols == 3 || cols == 5 || cols == 7 || cols == 9 || cols == 11):
				left[b] = true
			case rows > 1 && cols == 3:
				left[b] = true
			}
			switch {
			case cols%2 == 0 && (rows == 5 || rows == 9 || rows == 13):
				right[b] = true
			case cols%2 == 0 && cols >= 4 && (rows == 3 || rows == 7):
				right[b] = true
			case rows == 11 && cols%4 == 0:
				right[b] = true
			case rows == 3 && cols > 3:
				right[b] = true
			}
		}
	}
	if len(left) < 20 || len(right) < 20 {
		t.Fatalf("%d boards of Left's, %d of Right's", len(left), len(right))
	}
	for _, set := range []struct {
		boards map[board]bool
		winner bool // Left wins moving first
	}{{left, true}, {right, false}} {
		for b := range set.boards {
			if left[b] && right[b] {
				t.Fatalf("%d x %d in both theorems", b.rows, b.cols)
			}
			res, err := SolveOutcome(context.Background(), grid.New(b.rows, b.cols, '.'), game.OutcomeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.LeftFirst != set.winner {
				t.Errorf("%d x %d, Vertical first: Left wins %v by SolveOutcome, the theorem says %v", b.rows, b.cols, res.LeftFirst, set.winner)
			}
		}
	}
}

// TestParseRecordsErrors feeds ParseRecords malformed files: each is
// refused with one line naming the line at fault.
func TestParseRecordsErrors(t *testing.T) {
	header := strings.Join(RecordColumns, "\t") + "\n"
	line := func(fields ...string) string { return strings.Join(fields, "\t") + "\n" }
	ok := line("2", "3", "L", "R", "N", "bullock2002", "check", "", "", "") +
		line("3", "2", "L", "R", "N", "bullock2002", "check", "", "", "")
	if recs, err := ParseRecords(strings.NewReader("# a comment\n\n" + header + ok)); err != nil || len(recs) != 2 || recs[0].Position != "...|..." || recs[1].Outcome != "N" {
		t.Fatalf("a good file: %+v, %v", recs, err)
	}
	measured := line("1", "1", "R", "L", "P", "bullock2002", "check", "1", "0.001", "2 cores, laptop")
	if recs, err := ParseRecords(strings.NewReader(header + measured)); err != nil || *recs[0].Positions != 1 || *recs[0].Seconds != 0.001 || recs[0].Machine != "2 cores, laptop" {
		t.Fatalf("a measured record: %+v, %v", recs, err)
	}
	for _, tc := range []struct {
		text, want string
	}{
		{"", "line 1: no header line"},
		{"# only comments\n", "line 1: no header line"},
		{"rows\tcols\n", "line 1: the header"},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "", ""), "line 2: 9 columns, want 10"},
		{header + "2 3 L R N bullock2002 check\n", "line 2: 1 columns"},
		{header + line("0", "3", "L", "R", "N", "bullock2002", "check", "", "", ""), `line 2: rows "0" is not an integer in 1..255`},
		{header + line("2", "+3", "L", "R", "N", "bullock2002", "check", "", "", ""), `line 2: cols "+3"`},
		{header + line("2", "256", "L", "R", "N", "bullock2002", "check", "", "", ""), `cols "256"`},
		{header + line("2", "3", "V", "R", "N", "bullock2002", "check", "", "", ""), `line 2: left_first "V": want L, R or ?`},
		{header + line("2", "3", "?", "?", "?", "bullock2002", "check", "", "", ""), "line 2: left_first and right_first are both ?"},
		{header + line("2", "3", "L", "R", "L", "bullock2002", "check", "", "", ""), `line 2: class "L", but left_first L and right_first R make "N"`},
		{header + line("2", "3", "L", "?", "N", "bullock2002", "check", "", "", ""), `make "L or N"`},
		{header + line("2", "3", "L", "R", "N", "wikipedia", "check", "", "", ""), `line 2: source "wikipedia" is not one of bullock2002,`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "folklore", "", "", ""), `line 2: evidence "folklore"`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "12", "", ""), "line 2: positions \"12\", seconds \"\", machine \"\": a measurement has all three"},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "1e3", "1", "m"), `line 2: positions "1e3" is not a count`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "10", "-1", "m"), `line 2: seconds "-1"`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "10", "1.5s", "m"), `line 2: seconds "1.5s"`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", " check", "", "", ""), `line 2: evidence " check" has spaces around it`},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "1", "1", "a\x01b"), "line 2: machine"},
		{header + ok + "\n" + line("2", "3", "L", "R", "N", "bullock2002", "check", "", "", ""), "line 5: 2 x 3 again (line 2)"},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "", "", ""), "line 2: 2 x 3 has no line for its transpose 3 x 2"},
		{header + line("2", "3", "L", "R", "N", "bullock2002", "check", "", "", "") + line("3", "2", "L", "L", "L", "bullock2002", "check", "", "", ""),
			"line 2: 2 x 3 (left_first L, right_first R) disagrees with its transpose on line 3"},
		{header + line("4", "4", "L", "L", "L", "bullock2002", "check", "", "", ""), "line 2: 4 x 4 is its own transpose"},
		{header + line("4", "4", "L", "?", "L or N", "bullock2002", "check", "", "", ""), "line 2: 4 x 4 is its own transpose"},
		{header + strings.Repeat("x", 1<<17), "line 2: longer than 64 KiB"},
	} {
		_, err := ParseRecords(strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%.60q: %v, want one line with %q", tc.text, err, tc.want)
		}
	}
}

// FuzzParseRecords reads any text as records: a one-line error naming a
// line, or records that keep the file's invariants (each class what its
// starts make, each board's transpose present and mirrored).
func FuzzParseRecords(f *testing.F) {
	f.Add(recordsTSV)
	header := strings.Join(RecordColumns, "\t") + "\n"
	for _, s := range []string{"", header, header + "1\t1\tR\tL\tP\tbullock2002\tcheck\t\t\t\n", header + "2\t3\tL\tR\tN\tbullock2002\tcheck\t5\t0.5\tm\n3\t2\tL\tR\tN\tbullock2002\tcheck\t\t\t\n", "#\n\r\n" + header + "\t\t\t\t\t\t\t\t\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := ParseRecords(strings.NewReader(text))
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "line ") {
				t.Fatalf("%q: error %q", text, msg)
			}
			return
		}
		boards := map[[2]int]game.Record{}
		for _, r := range recs {
			boards[[2]int{r.Rows, r.Cols}] = r
		}
		swap := map[string]string{"Left": "Right", "Right": "Left", "": ""}
		for _, r := range recs {
			letter := map[string]string{"Left": "L", "Right": "R", "": "?"}
			if r.Outcome != outcomeOf(letter[r.LeftFirst], letter[r.RightFirst]) || r.Outcome == "" {
				t.Fatalf("%d x %d: class %q of %q, %q", r.Rows, r.Cols, r.Outcome, r.LeftFirst, r.RightFirst)
			}
			tr, ok := boards[[2]int{r.Cols, r.Rows}]
			if !ok || tr.LeftFirst != swap[r.RightFirst] || tr.RightFirst != swap[r.LeftFirst] {
				t.Fatalf("%d x %d: %+v, transpose %+v", r.Rows, r.Cols, r, tr)
			}
			if r.Rows < 1 || r.Cols < 1 || r.Rows > MaxRecordSide || r.Cols > MaxRecordSide {
				t.Fatalf("%d x %d", r.Rows, r.Cols)
			}
		}
	})
}

// ExampleParseRecords reads two records: a board and its transpose.
func ExampleParseRecords() {
	text := "rows\tcols\tleft_first\tright_first\tclass\tsource\tevidence\tpositions\tseconds\tmachine\n" +
		"4\t5\tL\tL\tL\tbullock2002\tcheck\t\t\t\n" +
		"5\t4\tR\tR\tR\tbullock2002\tcheck\t\t\t\n"
	recs, err := ParseRecords(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range recs {
		fmt.Printf("%d x %d: %s (Left first: %s wins; Right first: %s wins)\n", r.Rows, r.Cols, r.Outcome, r.LeftFirst, r.RightFirst)
	}
	// Output:
	// 4 x 5: L (Left first: Left wins; Right first: Left wins)
	// 5 x 4: R (Left first: Right wins; Right first: Right wins)
}

// updateRecordsDoc makes TestRecordsDoc rewrite docs/domineering.md's
// generated part from records.tsv.
var updateRecordsDoc = flag.Bool("records.update", false, "rewrite the records in docs/domineering.md from records.tsv")

// The markers around the generated part of docs/domineering.md.
const (
	recordsDocBegin = "<!-- records: generated from games/domineering/records.tsv by go test ./games/domineering -run TestRecordsDoc -records.update -->\n"
	recordsDocEnd   = "<!-- end of the generated records -->\n"
)

// TestRecordsDoc keeps docs/domineering.md's tables of the records what
// records.tsv says: -records.update rewrites them.
func TestRecordsDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "domineering.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(doc, []byte(recordsDocBegin)), bytes.Index(doc, []byte(recordsDocEnd))
	if i < 0 || j < i {
		t.Fatalf("%s has no markers %q ... %q", path, recordsDocBegin, recordsDocEnd)
	}
	i += len(recordsDocBegin)
	want := recordsMarkdown((rules{}).Records())
	if string(doc[i:j]) == want {
		return
	}
	if !*updateRecordsDoc {
		t.Fatalf("%s's records differ from records.tsv: go test ./games/domineering -run TestRecordsDoc -records.update", path)
	}
	out := append(append(append([]byte{}, doc[:i]...), want...), doc[j:]...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// recordsMarkdown writes the records as docs/domineering.md shows them: a
// grid of the classes of the boards up to 10 x 10, then every record.
func recordsMarkdown(recs []game.Record) string {
	var b strings.Builder
	byBoard := map[[2]int]game.Record{}
	for _, r := range recs {
		byBoard[[2]int{r.Rows, r.Cols}] = r
	}
	const side = 10
	b.WriteString("The classes of the boards up to 10 x 10 (rows down, columns across; `?` unpublished, or not\nfound here; `*` cited but not verified):\n\n| rows \\ columns |")
	for c := 1; c <= side; c++ {
		fmt.Fprintf(&b, " %d |", c)
	}
	b.WriteString("\n|---|")
	for range side {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for r := 1; r <= side; r++ {
		fmt.Fprintf(&b, "| **%d** |", r)
		for c := 1; c <= side; c++ {
			rec, ok := byBoard[[2]int{r, c}]
			cell := "?"
			if ok {
				cell = rec.Outcome
				if rec.Evidence == EvidenceUnread {
					cell += "*"
				}
			}
			fmt.Fprintf(&b, " %s |", cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("\nEvery record (positions, seconds and machine: nimber's own search, where measured; see \"Measured by\nnimber\" below):\n\n")
	b.WriteString("| rows x columns | class | Left first | Right first | source | read here | positions | seconds | machine |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	dash := func(s string) string {
		if s == "" {
			return "—"
		}
		return s
	}
	for _, r := range recs {
		positions, seconds := "—", "—"
		if r.Positions != nil {
			positions = strconv.FormatInt(*r.Positions, 10)
			seconds = strconv.FormatFloat(*r.Seconds, 'f', -1, 64)
		}
		read := r.Evidence
		if read == EvidenceUnread {
			read = "unread: not verified"
		}
		fmt.Fprintf(&b, "| %d x %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.Rows, r.Cols, r.Outcome, dash(r.LeftFirst), dash(r.RightFirst),
			r.Source, read, positions, seconds, dash(r.Machine))
	}
	return b.String()
}
