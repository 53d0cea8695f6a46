//go:build unix

package main

import (
	"bytes"
	"nimber/heap/seqfile"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestResumeKilledRuns spawns the nimber binary, kills it (SIGKILL, then
// SIGINT) in the middle of long runs of nimber sequence --out, resumes
// them, and checks that they end byte for byte as an uninterrupted run.
func TestResumeKilledRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns nimber for runs of seconds")
	}
	dir := t.TempDir()
	bin := buildNimber(t)

	const code = "grundy" // no period, so the engine runs all the way
	type result struct {
		code           int
		stdout, stderr string
	}
	runBin := func(args ...string) result {
		t.Helper()
		cmd := exec.Command(bin, args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		r := result{0, out.String(), errOut.String()}
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return r
	}

	committed := func(path string) int64 {
		ck, err := seqfile.ReadCheckpoint(path + seqfile.CheckpointSuffix)
		if err != nil {
			return -1
		}
		return ck.Count
	}

	// N: as many heaps as nimber computes in about a second here, so that
	// the runs last long enough to be killed whatever the engine's speed.
	probe := filepath.Join(dir, "probe.seq")
	probeCmd := exec.Command(bin, "sequence", code, "--to", strconv.Itoa(1<<24), "--out", probe, "--checkpoint-every", "100ms")
	if err := probeCmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	probeCmd.Process.Signal(syscall.SIGKILL)
	probeCmd.Wait()
	n := strconv.FormatInt(committed(probe), 10)
	if committed(probe) < 1000 {
		t.Fatalf("nimber computed %s heaps in a second", n)
	}

	ref := filepath.Join(dir, "ref.seq")
	t0 := time.Now()
	want := runBin("sequence", code, "--to", n, "--out", ref, "--values")
	if want.code != 0 || want.stderr != "" || strconv.Itoa(strings.Count(want.stdout, "\n")) != n {
		t.Fatalf("uninterrupted run: exit %d, stderr %q", want.code, want.stderr)
	}
	t.Logf("uninterrupted run of N = %s heaps: %.2f s", n, time.Since(t0).Seconds())
	refData, _ := os.ReadFile(ref)
	refCk, _ := os.ReadFile(ref + seqfile.CheckpointSuffix)
	if _, got, err := seqfile.ReadFile(ref); err != nil {
		t.Fatalf("uninterrupted run's file: %v", err)
	} else if strconv.Itoa(got.Len()) != n {
		t.Fatalf("uninterrupted run's file: %d values, want %s", got.Len(), n)
	}
	same := func(path string) {
		t.Helper()
		data, _ := os.ReadFile(path)
		ck, _ := os.ReadFile(path + seqfile.CheckpointSuffix)
		if !bytes.Equal(data, refData) || !bytes.Equal(ck, refCk) {
			t.Fatalf("%s (%d bytes) and its checkpoint differ from the uninterrupted run's (%d bytes)", filepath.Base(path), len(data), len(refData))
		}
	}
	// spawn runs nimber sequence --out path in the background and waits
	// until its checkpoint commits more than after values; running is false
	// if nimber finished first. <-exited waits for its end.
	spawn := func(path string, after int64, args ...string) (cmd *exec.Cmd, errOut *bytes.Buffer, exited chan struct{}, running bool) {
		t.Helper()
		cmd = exec.Command(bin, append([]string{"sequence", code, "--to", n, "--out", path}, args...)...)
		errOut = new(bytes.Buffer)
		cmd.Stderr = errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited = make(chan struct{})
		go func() {
			cmd.Wait()
			close(exited)
		}()
		deadline := time.After(time.Minute)
		for committed(path) <= after {
			select {
			case <-exited:
				return cmd, errOut, exited, false
			case <-deadline:
				cmd.Process.Kill()
				<-exited
				t.Fatal("no checkpoint within a minute")
			case <-time.After(5 * time.Millisecond):
			}
		}
		return cmd, errOut, exited, true
	}

	t.Run("SIGKILL", func(t *testing.T) {
		path := filepath.Join(dir, "killed.seq")
		var args []string
		last, kills := int64(0), 0
		for kills < 3 {
			cmd, _, exited, running := spawn(path, last, append(args, "--checkpoint-every", "200ms")...)
			if !running {
				break
			}
			time.Sleep(time.Duration(kills*70) * time.Millisecond) // also between checkpoints
			cmd.Process.Signal(syscall.SIGKILL)
			<-exited
			if st := cmd.ProcessState.Sys().(syscall.WaitStatus); !st.Signaled() || st.Signal() != syscall.SIGKILL {
				t.Logf("nimber ended before SIGKILL: %v", cmd.ProcessState)
			}
			last = committed(path)
			st, _ := os.Stat(path)
			t.Logf("killed with %d values committed, %d bytes in the file", last, st.Size())
			kills++
			args = []string{"--resume"}
		}
		if kills == 0 {
			t.Fatal("nimber finished before it could be killed")
		}
		got := runBin("sequence", code, "--to", n, "--out", path, "--resume", "--values")
		if got.code != 0 || got.stderr != "" || got.stdout != want.stdout {
			t.Fatalf("resumed run: exit %d, stderr %q, values differ: %v", got.code, got.stderr, got.stdout != want.stdout)
		}
		same(path)
	})

	// spawnRunning is spawn from the start of path, failing t when nimber
	// ends before it can be disturbed.
	spawnRunning := func(t *testing.T, path string, args ...string) (*exec.Cmd, *bytes.Buffer, chan struct{}) {
		t.Helper()
		cmd, errOut, exited, running := spawn(path, -1, args...)
		if !running {
			t.Fatal("nimber finished before it could be disturbed")
		}
		return cmd, errOut, exited
	}

	t.Run("SIGINT", func(t *testing.T) {
		// No checkpoint but the first and the one Ctrl-C writes.
		path := filepath.Join(dir, "interrupted.seq")
		cmd, errOut, exited := spawnRunning(t, path, "--checkpoint-every", "1h")
		// As soon as some values are in the file: the run may take well
		// under a second when the machine is less busy than during the
		// probe.
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
			if st, err := os.Stat(path); err == nil && st.Size() > 4096 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("no values written within a minute")
			}
		}
		cmd.Process.Signal(syscall.SIGINT)
		<-exited
		if cmd.ProcessState.ExitCode() != 2 {
			t.Fatalf("exit status %d after SIGINT, want 2", cmd.ProcessState.ExitCode())
		}
		m := regexp.MustCompile(`^nimber: interrupted at heap (\d+); checkpoint written, continue with --resume\n$`).FindStringSubmatch(errOut.String())
		if m == nil {
			t.Fatalf("stderr after SIGINT: %q", errOut.String())
		}
		if at, _ := strconv.ParseInt(m[1], 10, 64); at != committed(path) || at == 0 {
			t.Fatalf("interrupted at heap %d, checkpoint commits %d", at, committed(path))
		}
		got := runBin("sequence", code, "--to", n, "--out", path, "--resume", "--values")
		if got.code != 0 || got.stdout != want.stdout {
			t.Fatalf("resumed run: exit %d, stderr %q", got.code, got.stderr)
		}
		same(path)
	})

	t.Run("second writer", func(t *testing.T) {
		path := filepath.Join(dir, "shared.seq")
		cmd, _, exited := spawnRunning(t, path, "--checkpoint-every", "100ms")
		defer func() {
			cmd.Process.Kill()
			<-exited
		}()
		want := path + " is being written by process " + strconv.Itoa(cmd.Process.Pid)
		for _, args := range [][]string{{"--resume"}, nil} {
			t0 := time.Now()
			got := runBin(append([]string{"sequence", code, "--to", n, "--out", path}, args...)...)
			if got.code != 2 || got.stdout != "" || strings.Count(got.stderr, "\n") != 1 || !strings.Contains(got.stderr, want) {
				t.Errorf("second run %q: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", args, got.code, got.stdout, got.stderr, want)
			}
			t.Logf("second run %q refused in %.3f s", args, time.Since(t0).Seconds())
		}
	})

	t.Run("bad checkpoints", func(t *testing.T) {
		path := filepath.Join(dir, "bad.seq")
		for _, tc := range []struct {
			name  string
			spoil func()
			game  string
			want  string
		}{
			{"corrupt checkpoint", func() {
				ck := bytes.Clone(refCk)
				ck[13] ^= 1
				os.WriteFile(path+seqfile.CheckpointSuffix, ck, 0o644)
			}, code, "corrupt checkpoint"},
			{"truncated data", func() { os.Truncate(path, int64(len(refData)-1)) }, code, "checkpoint says " + n + " values but the file holds"},
			{"wrong game", func() {}, "0.16", path + " holds the sequence of 4!.0, not 0.16"},
		} {
			os.WriteFile(path, refData, 0o644)
			os.WriteFile(path+seqfile.CheckpointSuffix, refCk, 0o644)
			tc.spoil()
			got := runBin("sequence", tc.game, "--to", n, "--out", path, "--resume")
			if got.code != 2 || got.stdout != "" || strings.Count(got.stderr, "\n") != 1 || !strings.Contains(got.stderr, tc.want) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", tc.name, got.code, got.stdout, got.stderr, tc.want)
			}
		}
	})
}
