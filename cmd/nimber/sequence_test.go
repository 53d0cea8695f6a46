package main

import (
	"encoding/json"
	"strings"
	"testing"
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
