package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nimber/heap"
	"nimber/heap/seqfile"
)

func TestSequenceValuesAndPeriod(t *testing.T) {
	code, out, _ := nimber(t, "", "sequence", "sub:1,3,4", "--to", "14", "--values")
	if code != 0 || out != strings.Join(strings.Fields("0 1 0 1 2 3 2 0 1 0 1 2 3 2"), "\n")+"\n" {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = nimber(t, "", "sequence", "0.77", "--to", "1000", "--json")
	var sum sequenceSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Period != 12 || sum.Preperiod != 71 || !sum.Proven {
		t.Fatalf("exit %d: %s", code, out)
	}
	code, out, _ = nimber(t, "", "sequence", "grundy", "--to", "500")
	if code != 0 || !strings.Contains(out, "no period found") {
		t.Fatalf("grundy: %s", out)
	}
	code, out, _ = nimber(t, "", "sequence", "0.8", "--to", "300")
	if code != 0 || !strings.Contains(out, "apparent arithmetic period 3 with saltus 1 (G(n+3) = G(n) + 1) from n = 1, not proven") {
		t.Fatalf("0.8: %s", out)
	}
}

func TestGrundySum(t *testing.T) {
	code, out, _ := nimber(t, "", "grundy", "0.77", "5", "7", "9")
	if code != 0 || !strings.Contains(out, "nim-sum 2: N") || !strings.Contains(out, "winning move: in heap 2, take 1, leaving heaps 3 and 3") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = nimber(t, "", "grundy", "0.77", "4", "4")
	if code != 0 || !strings.Contains(out, "nim-sum 0: P") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestHeapBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"sequence", "0.0x", "--to", "10"},
		{"sequence", "0.77", "--to", "0"},
		{"sequence", "0.77", "--to", "99999999999"},
		{"sequence"},
		{"grundy", "0.77"},
		{"grundy", "0.77", "-3"},
		{"grundy", "kayles", "3"},
	} {
		code, out, errOut := nimber(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

func TestSequenceOut(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "seq")
	_, plain, _ := nimber(t, "", "sequence", "0.77", "--to", "3000", "--values")
	code, out, errOut := nimber(t, "", "sequence", "0.77", "--to", "3000", "--values", "--out", path)
	if code != 0 || errOut != "" || out != plain {
		t.Fatalf("--out: exit %d, stderr %q, values differ: %v", code, errOut, out != plain)
	}
	g, _ := heap.Parse("0.77")
	want, _ := g.Plain(context.Background(), nil, 3000)
	c, got, err := seqfile.ReadFile(path)
	if err != nil || c != "0.77" || !slices.Equal(got.Values(0, got.Len()), want) {
		t.Fatalf("ReadFile: %q, %v", c, err)
	}
	// Resuming a complete file just reports, from the file.
	before, _ := os.ReadFile(path)
	code, out, _ = nimber(t, "", "sequence", ".77", "--to", "3000", "--values", "--out", path, "--resume")
	if after, _ := os.ReadFile(path); code != 0 || out != plain || !bytes.Equal(before, after) {
		t.Fatalf("resuming a complete file: exit %d, values differ %v, file changed %v", code, out != plain, !bytes.Equal(before, after))
	}
	code, out, _ = nimber(t, "", "sequence", "0.77", "--to", "1000", "--json", "--out", path, "--resume")
	var sum sequenceSummary
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Heaps != 1000 || sum.Period != 12 || sum.Resumed != 3000 {
		t.Fatalf("resuming with a smaller --to: exit %d: %s", code, out)
	}
}

// TestSequenceResumeWidens resumes a file whose values fit in a byte past
// the first value that does not (nim with removals up to 300: G(n) = n mod
// 301).
func TestSequenceResumeWidens(t *testing.T) {
	dir := t.TempDir()
	nim := "0." + strings.Repeat("3", 300)
	ref, path := filepath.Join(dir, "ref"), filepath.Join(dir, "seq")
	code, want, _ := nimber(t, "", "sequence", nim, "--to", "1000", "--values", "--out", ref)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if code, _, errOut := nimber(t, "", "sequence", nim, "--to", "200", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
	if b, _ := os.ReadFile(path); b[10] != 1 {
		t.Fatalf("200 values below 256: width %d", b[10])
	}
	code, out, errOut := nimber(t, "", "sequence", nim, "--to", "1000", "--values", "--out", path, "--resume")
	if code != 0 || out != want {
		t.Fatalf("resumed: exit %d, %s", code, errOut)
	}
	a, _ := os.ReadFile(ref)
	b, _ := os.ReadFile(path)
	if !bytes.Equal(a, b) || b[10] != 2 {
		t.Fatalf("resumed file differs from the uninterrupted one (width %d)", b[10])
	}
}

func TestSequenceOutBadInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "seq")
	if code, _, errOut := nimber(t, "", "sequence", "0.16", "--to", "500", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
	data, _ := os.ReadFile(path)
	ck, _ := os.ReadFile(path + seqfile.CheckpointSuffix)
	restore := func() {
		os.WriteFile(path, data, 0o644)
		os.WriteFile(path+seqfile.CheckpointSuffix, ck, 0o644)
	}
	for _, tc := range []struct {
		name  string
		spoil func()
		args  []string
		want  string
	}{
		{"resume without --out", nil, []string{"0.16", "--to", "600", "--resume"}, "give --out"},
		{"resume a missing file", nil, []string{"0.16", "--to", "600", "--resume", "--out", path + "x"}, path + "x does not exist"},
		{"out over an existing file", nil, []string{"0.16", "--to", "600", "--out", path}, path + " already exists: continue it with --resume"},
		{"another game", nil, []string{"0.77", "--to", "600", "--resume", "--out", path}, path + " holds the sequence of 0.16, not 0.77"},
		{"corrupt checkpoint", func() {
			b := bytes.Clone(ck)
			b[15] ^= 4
			os.WriteFile(path+seqfile.CheckpointSuffix, b, 0o644)
		}, []string{"0.16", "--to", "600", "--resume", "--out", path}, "corrupt checkpoint (checksum mismatch)"},
		{"truncated checkpoint", func() { os.WriteFile(path+seqfile.CheckpointSuffix, ck[:10], 0o644) }, []string{"0.16", "--to", "600", "--resume", "--out", path}, "corrupt checkpoint"},
		{"missing checkpoint", func() { os.Remove(path + seqfile.CheckpointSuffix) }, []string{"0.16", "--to", "600", "--resume", "--out", path}, "no checkpoint"},
		{"truncated data", func() { os.Truncate(path, int64(len(data)-1)) }, []string{"0.16", "--to", "600", "--resume", "--out", path}, "checkpoint says 500 values but the file holds 499"},
		{"corrupt data", func() {
			b := bytes.Clone(data)
			b[len(b)-100] ^= 1
			os.WriteFile(path, b, 0o644)
		}, []string{"0.16", "--to", "600", "--resume", "--out", path}, "checksum mismatch"},
		{"corrupt header", func() {
			b := bytes.Clone(data)
			b[17] = '7'
			os.WriteFile(path, b, 0o644)
		}, []string{"0.16", "--to", "600", "--resume", "--out", path}, "corrupt header"},
		{"not a sequence file", func() { os.WriteFile(path, []byte("0\n1\n"), 0o644) }, []string{"0.16", "--to", "600", "--resume", "--out", path}, "not a nimber sequence file"},
	} {
		restore()
		if tc.spoil != nil {
			tc.spoil()
		}
		refused(t, tc.want, append([]string{"sequence"}, tc.args...)...)
	}
	// Untouched by all that: the file still resumes.
	restore()
	if code, _, errOut := nimber(t, "", "sequence", "0.16", "--to", "600", "--resume", "--out", path); code != 0 {
		t.Fatal(errOut)
	}
}
