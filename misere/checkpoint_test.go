package misere

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"nimber/heap"
)

// checkpoints computes the quotient of code to heap n and returns it as
// JSON with the checkpoint after each heap, as JSON too.
func checkpoints(t *testing.T, code string, n int) (string, [][]byte) {
	t.Helper()
	g, err := heap.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	s := New(g, 0)
	var saved [][]byte
	s.SetQuotientCheckpoint(func(c *Checkpoint) error {
		b, err := json.Marshal(c)
		saved = append(saved, b)
		return err
	})
	q, err := s.Quotient(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	return string(whole), saved
}

// TestQuotientFromCheckpoint checks that a computation resumed from the
// checkpoint of any heap, by a fresh solver, reaches the quotient of the
// computation that never stopped, periodicity included.
func TestQuotientFromCheckpoint(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.77", 22}, {"0.07", 16}, {"0.75", 40}, {"0.3", 12}, {"4.7", 10}} {
		whole, saved := checkpoints(t, tc.code, tc.n)
		if len(saved) == 0 {
			t.Fatalf("%s: no checkpoint", tc.code)
		}
		for i, b := range saved {
			if i%3 != 0 && i != len(saved)-1 { // every third heap, and the last
				continue
			}
			var c Checkpoint
			if err := json.Unmarshal(b, &c); err != nil {
				t.Fatal(err)
			}
			g, _ := heap.Parse(tc.code)
			q, err := New(g, 0).QuotientFrom(context.Background(), &c, tc.n)
			if err != nil {
				t.Fatalf("%s from heap %d: %v", tc.code, c.Heap, err)
			}
			got, _ := json.Marshal(q)
			if string(got) != whole {
				t.Fatalf("%s from heap %d:\n%s\nwant\n%s", tc.code, c.Heap, got, whole)
			}
		}
	}
}

// TestCheckpointRefused checks that a checkpoint of another game, of a
// later heap than asked, or damaged, is refused with a one-line error.
func TestCheckpointRefused(t *testing.T) {
	_, saved := checkpoints(t, "0.77", 12)
	good := func() *Checkpoint {
		var c Checkpoint
		if err := json.Unmarshal(saved[len(saved)-1], &c); err != nil {
			t.Fatal(err)
		}
		return &c
	}
	for _, tc := range []struct {
		name  string
		spoil func(c *Checkpoint)
		n     int
		want  string
	}{
		{"another game", func(c *Checkpoint) { c.Code = "0.07" }, 20, "of the game"},
		{"past n", func(c *Checkpoint) {}, 5, "past the heaps asked"},
		{"version", func(c *Checkpoint) { c.Version = 9 }, 20, "version 9"},
		{"short table", func(c *Checkpoint) { c.Mul = c.Mul[1:] }, 20, "a table of"},
		{"element out of range", func(c *Checkpoint) { c.Mul[0] = int32(c.Order) }, 20, "out of range"},
		{"negative image", func(c *Checkpoint) { c.Img[1] = -1 }, 20, "out of range"},
		{"word count", func(c *Checkpoint) { c.Words[1] = []int{-1} }, 20, "a word of"},
		{"word length", func(c *Checkpoint) { c.Words[1] = make([]int, 99) }, 20, "a word of"},
		{"moving", func(c *Checkpoint) { c.Moving = []int{3, 1} }, 20, "not ascending"},
		{"growth", func(c *Checkpoint) { c.Growth = c.Growth[:1] }, 20, "orders"},
		{"order", func(c *Checkpoint) { c.Order++ }, 20, "order"},
		{"negative heap", func(c *Checkpoint) { c.Heap = -1 }, 20, "out of range"},
	} {
		c := good()
		tc.spoil(c)
		g, _ := heap.Parse("0.77")
		_, err := New(g, 0).QuotientFrom(context.Background(), c, tc.n)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", tc.name, err, tc.want)
		}
	}
}
