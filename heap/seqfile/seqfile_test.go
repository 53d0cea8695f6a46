package seqfile

import (
	"nimber/heap"
	"nimber/internal/golden"

	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// crash abandons w as kill -9 would: what is buffered is lost, nothing
// more is written.
func crash(w *Writer) {
	w.f.Close()
	w.lock.Close() // the kernel releases a dead process's locks
}

// synthetic returns n values that pass 255 at heap 256 when big is true.
func synthetic(n int, big bool) []uint16 {
	v := make([]uint16, n)
	for i := range v {
		v[i] = uint16(i*7%200 + i%3)
		if big && i >= 256 {
			v[i] = uint16(i % 701)
		}
	}
	return v
}

// writeSeq writes vals to a new sequence file of g in chunks of the given
// size, with a checkpoint after each, and returns the file's bytes.
func writeSeq(t *testing.T, path string, g *heap.Code, vals []uint16, chunk int) []byte {
	t.Helper()
	w, err := Create(path, g)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(vals); i += chunk {
		if err := w.Append(vals[i:min(i+chunk, len(vals))]); err != nil {
			t.Fatal(err)
		}
		if i%max(3*chunk, 500) == 0 {
			if err := w.Checkpoint(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b := golden.Read(t, path)
	return b
}

// writeSynthetic writes n synthetic values (big: passing 255 at heap 256)
// to a new sequence file of g as writeSeq does, and returns them and the
// file's bytes.
func writeSynthetic(t *testing.T, path string, g *heap.Code, n int, big bool, chunk int) ([]uint16, []byte) {
	t.Helper()
	vals := synthetic(n, big)
	return vals, writeSeq(t, path, g, vals, chunk)
}

func mustParse(t *testing.T, code string) *heap.Code {
	t.Helper()
	g, err := heap.Parse(code)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSeqFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.137")
	vals, _ := g.Plain(context.Background(), nil, 3000)
	var first []byte
	for i, chunk := range []int{1, 7, 1000, 3000} {
		path := filepath.Join(dir, fmt.Sprintf("seq%d", i))
		b := writeSeq(t, path, g, vals, chunk)
		if want := 20 + len("0.137") + len(vals); len(b) != want {
			t.Fatalf("chunk %d: %d bytes, want %d (width 1)", chunk, len(b), want)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Fatalf("chunk %d: the file's bytes depend on the chunking", chunk)
		}
		code, got, err := readFileVals(path)
		if err != nil || code != "0.137" || !slices.Equal(got, vals) {
			t.Fatalf("chunk %d: ReadFile: %q, %d values, %v", chunk, code, len(got), err)
		}
		ck, err := ReadCheckpoint(path + CheckpointSuffix)
		if err != nil || ck.Count != int64(len(vals)) || ck.Width != 1 || ck.Code != "0.137" {
			t.Fatalf("checkpoint %+v, %v", ck, err)
		}
	}
	if !strings.HasPrefix(string(first), SeqMagic) {
		t.Fatalf("no magic: %q", first[:8])
	}
	// An empty sequence.
	path := filepath.Join(dir, "empty")
	writeSeq(t, path, g, nil, 1)
	if code, got, err := readFileVals(path); err != nil || code != "0.137" || len(got) != 0 {
		t.Fatalf("empty: %q %v %v", code, got, err)
	}
	// Create refuses to replace a file.
	if _, err := Create(path, g); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("Create over an existing file: %v", err)
	}
}

func TestSeqFileWidthSwitch(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.7")
	_, b := writeSynthetic(t, filepath.Join(dir, "small"), g, 256, false, 100)
	if len(b) != 20+len("0.7")+256 || b[10] != 1 {
		t.Fatalf("256 small values: %d bytes, width %d", len(b), b[10])
	}
	vals := synthetic(1000, true)
	if vals[256] <= 255 {
		t.Fatal("synthetic values do not pass 255 at 256")
	}
	var first []byte
	for _, chunk := range []int{1, 100, 256, 257, 1000} {
		path := filepath.Join(dir, fmt.Sprintf("big%d", chunk))
		b := writeSeq(t, path, g, vals, chunk)
		if len(b) != 20+len("0.7")+2*len(vals) || b[10] != 2 {
			t.Fatalf("chunk %d: %d bytes, width %d", chunk, len(b), b[10])
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Fatalf("chunk %d: bytes differ", chunk)
		}
		if _, got, err := readFileVals(path); err != nil || !slices.Equal(got, vals) {
			t.Fatalf("chunk %d: ReadFile: %v", chunk, err)
		}
	}
}

// TestSeqFileResume crashes writers at every kind of moment and checks
// that resuming and finishing gives the uninterrupted run's bytes.
func TestSeqFileResume(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.7")
	for _, big := range []bool{false, true} {
		vals, ref := writeSynthetic(t, filepath.Join(dir, "ref"), g, 1000, big, 1000)
		os.Remove(filepath.Join(dir, "ref"))
		for _, tc := range []struct {
			name           string
			committed, end int  // checkpoint after committed values, crash after end
			flush          bool // the values past the checkpoint reached the file
			stray          int  // bytes of garbage appended after them
			mixed          bool // crashed between a width rewrite and its checkpoint
		}{
			{"nothing past the checkpoint", 200, 200, true, 0, false},
			{"buffered values lost", 200, 600, false, 0, false},
			{"values past the checkpoint", 200, 600, true, 0, false},
			{"partial value past the checkpoint", 200, 601, true, 1, false},
			{"garbage past the checkpoint", 700, 900, true, 5, false},
			{"width rewrite not yet checkpointed", 250, 300, false, 0, true},
			{"width rewrite, values written", 250, 300, true, 3, true},
			{"empty", 0, 0, true, 0, false},
			{"complete", 1000, 1000, true, 0, false},
		} {
			path := filepath.Join(dir, "seq")
			os.Remove(path)
			w, err := Create(path, g)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Append(vals[:tc.committed]); err != nil {
				t.Fatal(err)
			}
			if err := w.Checkpoint(); err != nil {
				t.Fatal(err)
			}
			if err := w.Append(vals[tc.committed:tc.end]); err != nil {
				t.Fatal(err)
			}
			if tc.flush {
				w.buf.Flush()
			}
			w.buf.Write(bytes.Repeat([]byte{0xA5}, tc.stray))
			w.buf.Flush()
			crash(w)
			if tc.mixed && big {
				b, _ := os.ReadFile(path)
				ck, _ := ReadCheckpoint(path + CheckpointSuffix)
				if b[10] != 2 || ck.Width != 1 {
					t.Fatalf("%s: header width %d, checkpoint width %d; want 2 and 1", tc.name, b[10], ck.Width)
				}
			}

			w, got, err := resumeVals(path, g)
			if err != nil {
				t.Fatalf("%s (big %v): %v", tc.name, big, err)
			}
			if !slices.Equal(got, vals[:tc.committed]) {
				t.Fatalf("%s (big %v): resumed with %d values, want %d", tc.name, big, len(got), tc.committed)
			}
			if err := w.Append(vals[tc.committed:]); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(path); !bytes.Equal(b, ref) {
				t.Fatalf("%s (big %v): resumed file differs from the uninterrupted one (%d bytes, want %d)", tc.name, big, len(b), len(ref))
			}
		}
	}
}

// TestSeqFileResumeTwice resumes a resumed run, across the width switch.
func TestSeqFileResumeTwice(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.7")
	vals, ref := writeSynthetic(t, filepath.Join(dir, "ref"), g, 2000, true, 2000)
	path := filepath.Join(dir, "seq")
	w, err := Create(path, g)
	if err != nil {
		t.Fatal(err)
	}
	done := 0
	for _, stop := range []int{100, 255, 256, 1500, 2000} {
		w.Append(vals[done:stop])
		w.Checkpoint()
		w.Append(vals[stop:min(stop+50, len(vals))])
		w.buf.Flush()
		crash(w)
		var got []uint16
		w, got, err = resumeVals(path, g)
		if err != nil || len(got) != stop {
			t.Fatalf("resume at %d: %d values, %v", stop, len(got), err)
		}
		done = stop
	}
	w.Close()
	if b, _ := os.ReadFile(path); !bytes.Equal(b, ref) {
		t.Fatal("differs from the uninterrupted run")
	}
}

// TestSeqFileCreateKilled: a run killed while writing the header resumes
// from the start.
func TestSeqFileCreateKilled(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.137")
	hdr := encodeHeader("0.137", 1)
	for _, n := range []int{0, 5, len(hdr) - 1, len(hdr)} {
		path := filepath.Join(dir, "seq")
		mustWrite(t, path, hdr[:n])
		os.Remove(path + CheckpointSuffix)
		w, got, err := resumeVals(path, g)
		if err != nil || len(got) != 0 {
			t.Fatalf("header cut at %d: %v", n, err)
		}
		w.Append([]uint16{0, 1, 2})
		w.Close()
		if _, got, err := readFileVals(path); err != nil || !slices.Equal(got, []uint16{0, 1, 2}) {
			t.Fatalf("header cut at %d: then %v, %v", n, got, err)
		}
	}
}

func TestSeqFileBad(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.16")
	vals, _ := g.Plain(context.Background(), nil, 1000)
	path := filepath.Join(dir, "seq")
	good := writeSeq(t, path, g, vals, 300)
	goodCk, _ := os.ReadFile(path + CheckpointSuffix)
	hdrLen := 20 + len("0.16")
	restore := func() {
		mustWrite(t, path, good)
		mustWrite(t, path+CheckpointSuffix, goodCk)
	}
	flip := func(name string, at int) {
		b, _ := os.ReadFile(name)
		b[at] ^= 0x10
		mustWrite(t, name, b)
	}
	for _, tc := range []struct {
		name, game string
		spoil      func()
		want       string
	}{
		{"wrong game", "0.77", func() {}, path + " holds the sequence of 0.16, not 0.77"},
		{"corrupt header code", "0.16", func() { flip(path, 17) }, "corrupt header (checksum mismatch)"},
		{"corrupt header width", "0.16", func() { flip(path, 10) }, "corrupt header (checksum mismatch)"},
		{"not a sequence file", "0.16", func() { os.WriteFile(path, []byte("hello, world, this is text\n"), 0o644) }, "not a nimber sequence file"},
		{"truncated header", "0.16", func() { os.Truncate(path, 12) }, "truncated header"},
		{"corrupt checkpoint count", "0.16", func() { flip(path+CheckpointSuffix, 13) }, "corrupt checkpoint (checksum mismatch)"},
		{"corrupt checkpoint code", "0.16", func() { flip(path+CheckpointSuffix, 29) }, "corrupt checkpoint (checksum mismatch)"},
		{"truncated checkpoint", "0.16", func() { os.Truncate(path+CheckpointSuffix, 20) }, "corrupt checkpoint"},
		{"empty checkpoint", "0.16", func() { os.WriteFile(path+CheckpointSuffix, nil, 0o644) }, "corrupt checkpoint"},
		{"missing checkpoint", "0.16", func() { os.Remove(path + CheckpointSuffix) }, "no checkpoint"},
		{"truncated data", "0.16", func() { os.Truncate(path, int64(hdrLen+999)) }, path + ": checkpoint says 1000 values but the file holds 999"},
		{"corrupt data", "0.16", func() { flip(path, hdrLen+500) }, path + ": checksum mismatch"},
		{"checkpoint of another file", "0.16", func() {
			other := filepath.Join(dir, "other")
			os.Remove(other)
			writeSeq(t, other, mustParse(t, "0.77"), []uint16{0, 1, 2}, 3)
			b, _ := os.ReadFile(other + CheckpointSuffix)
			mustWrite(t, path+CheckpointSuffix, b)
		}, "is the checkpoint of 0.77"},
		{"missing file", "0.16", func() { os.Remove(path) }, "no such file"},
	} {
		restore()
		tc.spoil()
		before, _ := os.ReadFile(path)
		_, _, err := resumeVals(path, mustParse(t, tc.game))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: Resume error %v, want one line containing %q", tc.name, err, tc.want)
		}
		if tc.game == "0.16" {
			if _, _, err := readFileVals(path); err == nil {
				t.Errorf("%s: ReadFile trusted the file", tc.name)
			}
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Errorf("%s: a refused Resume modified the file", tc.name)
		}
	}
	restore()
	if _, got, err := readFileVals(path); err != nil || !slices.Equal(got, vals) {
		t.Fatalf("restored: %v", err)
	}
}

// TestSeqFileMixedWidths: a checkpoint whose width differs from the
// header's (a crash between a width rewrite and the next checkpoint) is
// verified at its own width, and the file comes back canonical.
func TestSeqFileMixedWidths(t *testing.T) {
	dir := t.TempDir()
	g := mustParse(t, "0.7")
	vals, ref := writeSynthetic(t, filepath.Join(dir, "ref"), g, 100, false, 100)
	for _, tc := range []struct{ file, ck int }{{1, 2}, {2, 1}, {2, 2}} {
		path := filepath.Join(dir, fmt.Sprintf("seq%d%d", tc.file, tc.ck))
		data := encode(encodeHeader("0.7", tc.file), vals, tc.file)
		mustWrite(t, path, data)
		ck := &Checkpoint{Code: "0.7", Count: 100, Width: tc.ck, CRC: crc32.Checksum(encode(nil, vals, tc.ck), castagnoli)}
		mustWrite(t, path+CheckpointSuffix, encodeCheckpoint(ck))
		w, got, err := resumeVals(path, g)
		if err != nil || !slices.Equal(got, vals) {
			t.Fatalf("file width %d, checkpoint width %d: %v", tc.file, tc.ck, err)
		}
		w.Close()
		if b, _ := os.ReadFile(path); !bytes.Equal(b, ref) {
			t.Fatalf("file width %d, checkpoint width %d: not canonical", tc.file, tc.ck)
		}
		if _, got, err := readFileVals(path); err != nil || !slices.Equal(got, vals) {
			t.Fatalf("file width %d, checkpoint width %d: then %v", tc.file, tc.ck, err)
		}
	}
	// A width-1 checkpoint cannot commit a value above 255.
	big := synthetic(300, true)
	path := filepath.Join(dir, "bad")
	mustWrite(t, path, encode(encodeHeader("0.7", 2), big, 2))
	ck := &Checkpoint{Code: "0.7", Count: 300, Width: 1, CRC: crc32.Checksum(encode(nil, big, 1), castagnoli)}
	mustWrite(t, path+CheckpointSuffix, encodeCheckpoint(ck))
	if _, _, err := resumeVals(path, g); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("width-1 checkpoint of values above 255: %v", err)
	}
}

// readFileVals is ReadFile with the values as a slice.
func readFileVals(path string) (string, []uint16, error) {
	code, seq, err := ReadFile(path)
	if err != nil {
		return code, nil, err
	}
	return code, seq.Values(0, seq.Len()), nil
}

// resumeVals is Resume with the values as a slice.
func resumeVals(path string, g *heap.Code) (*Writer, []uint16, error) {
	w, seq, err := Resume(path, g)
	if err != nil {
		return w, nil, err
	}
	return w, seq.Values(0, seq.Len()), nil
}

// mustWrite writes data to the file path, failing t on an error.
func mustWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
