//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nimber/internal/golden"
)

// killedBoard is a 6 x 8 board with two cells filled: Left moving first
// loses all her 37 moves (about 0.04 s each here; at split depth 2, the
// default, each refuted by a reply or so), Right wins by his first (all
// its 33 replies).
const killedBoard = "#.......|........|...#....|........|........|........"

// subtreeLines returns the subtree lines of a checkpoint file that are
// searches (not a move decided by its replies: "by"), each as
// first/child (first/parent/child for a grandchild), and the attempts of
// each.
func subtreeLines(t *testing.T, path string) (keys []string, attempts map[string]int) {
	t.Helper()
	data := golden.Read(t, path)
	attempts = map[string]int{}
	for _, l := range strings.SplitAfter(string(data), "\n") {
		var s struct {
			Type, First, Child, By string
			Parent                 *int
			Attempt                int
		}
		if !strings.HasSuffix(l, "\n") || json.Unmarshal([]byte(l), &s) != nil || s.Type != "subtree" || s.By != "" {
			continue
		}
		key := s.First + "/" + s.Child
		if s.Parent != nil {
			key = fmt.Sprintf("%s/%d/%s", s.First, *s.Parent, s.Child)
		}
		keys = append(keys, key)
		attempts[key] = s.Attempt
	}
	return keys, attempts
}

// TestOutcomeKilled spawns the nimber binary: a split run with --out
// killed with SIGKILL twice in the middle, a torn line added, resumed to
// the end; and a run over a broker whose worker process is killed in the
// middle of its job. Both answer as the uninterrupted search does, and
// no subtree is decided twice.
func TestOutcomeKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns nimber for runs of seconds")
	}
	dir := t.TempDir()
	bin := buildNimber(t)
	want := printed[outcomeReport](t, "outcome", "--game", "domineering", killedBoard, "--json")
	if want.Outcome != "R" {
		t.Fatalf("the uninterrupted search: %+v", want)
	}

	t.Run("resume", func(t *testing.T) {
		path := filepath.Join(dir, "k.jsonl")
		var before []string
		for kill, after := range []int{4, 14} {
			args := []string{"outcome", "--game", "domineering", killedBoard, "--out", path, "--threads", "1"}
			if kill > 0 {
				args = append(args, "--resume")
			}
			cmd := exec.Command(bin, args...)
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			go func() { cmd.Wait(); close(exited) }()
			for deadline := time.Now().Add(time.Minute); ; {
				if subtrees(path) >= after {
					break
				}
				select {
				case <-exited:
					t.Fatalf("nimber ended before %d subtrees: %v, %s", after, cmd.ProcessState, errOut.String())
				case <-time.After(2 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("no subtree within a minute")
				}
			}
			cmd.Process.Signal(syscall.SIGKILL)
			<-exited
			keys, _ := subtreeLines(t, path)
			if len(keys) < len(before) || strings.Join(keys[:len(before)], " ") != strings.Join(before, " ") {
				t.Fatalf("kill %d: the subtrees kept before changed", kill+1)
			}
			before = keys
			t.Logf("kill %d: %d subtrees in the checkpoint", kill+1, len(keys))
		}
		// A line cut short, as a kill in the middle of a write leaves it.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(`{"type":"subtree","run":2,"first":"Le`)
		f.Close()
		got := printed[outcomeReport](t, "outcome", "--game", "domineering", killedBoard, "--out", path, "--resume", "--threads", "2", "--json")
		if got.Outcome != want.Outcome || got.LeftFirst != want.LeftFirst || got.RightFirst != want.RightFirst ||
			got.FromCheckpoint != len(before) || got.Method != "split" || got.TotalSeconds < got.Seconds {
			t.Fatalf("resumed: %+v; want %s with %d subtrees from the checkpoint", got, want.Outcome, len(before))
		}
		keys, _ := subtreeLines(t, path)
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Errorf("%s decided twice", k)
			}
			seen[k] = true
		}
		if len(keys) != got.Subtrees || len(keys) < 38 {
			t.Errorf("%d subtrees in the checkpoint, the run says %d", len(keys), got.Subtrees)
		}
	})

	t.Run("worker", func(t *testing.T) {
		b := startBroker(t, bin, dir)
		path := filepath.Join(dir, "w.jsonl")
		done := goNimber(t, "outcome", "--game", "domineering", killedBoard, "--nats", b.URL(), "--ack-wait", "2s",
			"--out", path, "--json")
		// The doomed worker alone first: killed as it says it started
		// its first job, Left's first subtree, which Left, who loses,
		// needs.
		doomed, trace := b.worker("doomed")
		started := killAtFirstJob(t, doomed, trace)
		_, strace := b.worker("survivor")
		go func() {
			for strace.Scan() { // its log, read so that it never waits on the pipe
			}
		}()
		var a nimberRun
		select {
		case a = <-done:
		case <-time.After(40 * time.Second):
			data, _ := os.ReadFile(path)
			t.Fatalf("the run did not finish; its checkpoint:\n%s", data)
		}
		if a.code != 0 {
			t.Fatalf("outcome --nats: exit %d, %s", a.code, a.errs)
		}
		got := decoded[outcomeReport](t, a.out)
		if got.Outcome != want.Outcome || got.Method != "split" || len(got.Workers) != 1 {
			t.Fatalf("%+v; want %s, by the survivor alone", got, want.Outcome)
		}
		keys, attempts := subtreeLines(t, path)
		again := 0
		for _, k := range keys {
			if attempts[k] > 1 {
				again++
			}
		}
		if again != 1 {
			t.Errorf("%d subtrees delivered again, want the doomed worker's one", again)
		}
		t.Logf("killed worker %d during job %s; %d subtrees by %s", doomed.Process.Pid, started, len(keys), got.Workers[0])
	})
}

// subtrees counts the subtree lines of a checkpoint file, 0 while there
// is none.
func subtrees(path string) int {
	data, _ := os.ReadFile(path)
	return bytes.Count(data, []byte(`"type":"subtree"`))
}
