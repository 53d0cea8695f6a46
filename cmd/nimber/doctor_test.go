package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"nimber/memlimit"
)

// runMainEnv, when set in the environment of this test binary, makes it run
// nimber's main with its arguments instead of the tests: a test re-executes
// the binary under limits it cannot set on itself.
const runMainEnv = "NIMBER_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		os.Args = append(os.Args[:1], strings.Fields(os.Getenv(runMainEnv+"_ARGS"))...)
		main()
	}
	os.Exit(m.Run())
}

// withEnvironment makes the commands see env as the memory the environment
// allows, for the rest of the test.
func withEnvironment(t *testing.T, env memlimit.Env) {
	t.Helper()
	saved := environment
	environment = func() memlimit.Env { return env }
	t.Cleanup(func() { environment = saved })
}

// TestDefaultsFollowEnvironment checks that every default memory limit of
// the command line comes from the environment's reading, and that an
// explicit flag overrides it.
func TestDefaultsFollowEnvironment(t *testing.T) {
	withEnvironment(t, memlimit.Env{
		Total:   16 << 30,
		Ceiling: 2048, Limit: 1024, Applied: memlimit.CgroupV2,
		Readings: []memlimit.Reading{
			{Source: memlimit.Machine, Limited: true, Bytes: 16 << 30, From: "/proc/meminfo", Raw: "16777216 kB"},
			{Source: memlimit.CgroupV2, Limited: true, Bytes: 2048, From: "/sys/fs/cgroup/job/memory.max", Raw: "2048"},
			{Source: memlimit.CgroupV1},
			{Source: memlimit.AddressSpace, Raw: "unlimited"},
		},
	})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "bacterial-tactics", "../../games/bacterial/testdata/official/set2.in"}, "over the memory limit of 1.0 KiB"},
		{[]string{"sequence", "0.07", "--to", "1000000"}, "over the memory limit of 1.0 KiB"},
		{[]string{"table", "subtraction", "--set", "1,2", "--to", "20"}, "a table of 21 heaps is more than --max-positions 1 (up to 20.5 KiB with many moves, over the memory limit of 1.0 KiB set by cgroup-v2"},
		{[]string{"compound", "--board", "8x8", "1,1"}, "over the memory limit of 1.0 KiB set by cgroup-v2"},
		{[]string{"quotient", "0.77", "--memory", "16"}, "out of range 16..0 (a third of the memory this process may use"},
		{[]string{"grundy", "0.77", "30", "31", "32", "33", "--misere", "--quotient=false"}, "more than 10 positions (the budget)"},
		{[]string{"sequence", "0.07", "--to", "1000", "--max-memory", "1MiB"}, ""},
		{[]string{"table", "subtraction", "--set", "1,2", "--to", "20", "--max-positions", "100"}, ""},
	} {
		if tc.want == "" {
			succeeds(t, tc.args...)
		} else {
			refused(t, tc.want, tc.args...)
		}
	}
	if got := defaultServeMemory(4); got != 256 {
		t.Errorf("serve's default --max-memory %d, want 1 KiB shared by 4 computations", got)
	}
	code, out, errOut := nimber(t, "", "doctor")
	for _, want := range []string{"ceiling: 2.0 KiB, from cgroup-v2", "cgroup-v2  2.0 KiB: /sys/fs/cgroup/job/memory.max is 2048  <- applies",
		"memory limit: 1.0 KiB, half the ceiling", "default --max-positions of table and compound: 1\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("doctor: exit %d, %q, stderr %q; want %q", code, out, errOut, want)
		}
	}
}

// TestDoctorHere checks the report on this machine: every source, the
// limit half the ceiling, the same in text and JSON.
func TestDoctorHere(t *testing.T) {
	out := output(t, "doctor", "--json")
	var rep doctorReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, out)
	}
	if len(rep.Readings) != 4 || rep.Limit != rep.Ceiling/2 || rep.Applied == "" || rep.MaxPositions < 1 {
		t.Errorf("doctor --json: %+v", rep)
	}
	text := output(t, "doctor")
	for _, r := range rep.Readings {
		if !strings.Contains(text, "  "+string(r.Source)+" ") {
			t.Errorf("doctor does not list %s:\n%s", r.Source, text)
		}
	}
	if !strings.Contains(text, "from "+string(rep.Applied)) {
		t.Errorf("doctor does not say that %s applies:\n%s", rep.Applied, text)
	}
}

// TestAddressSpaceLimitRefusesCleanly runs the table of the issue under
// ulimit -v 6291456 (6 GiB, as HPC schedulers set): go.starlark.net alone
// reserves 4 GiB of address space, and nimber used to die in Go's "fatal
// error: out of memory" with a goroutine dump. It must refuse the work in
// one line, exit 2, by its own estimate against the address space left.
func TestAddressSpaceLimitRefusesCleanly(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit under ulimit -v")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -v")
	}
	if err := exec.Command(sh, "-c", "ulimit -v 6291456").Run(); err != nil {
		t.Skipf("cannot set ulimit -v here: %v", err)
	}
	amounts := make([]string, 10000)
	for i := range amounts {
		amounts[i] = strconv.Itoa(i + 1)
	}
	for _, args := range [][]string{
		{"table", "subtraction", "--set", strings.Join(amounts, ","), "--to", "1000000"},
		// A table within --max-positions explores until its moves pass the
		// bound cut to the memory left.
		{"table", "subtraction", "--set", strings.Join(amounts, ","), "--to", "100000"},
	} {
		cmd := exec.Command(sh, "-c", `ulimit -v 6291456 && exec "$0"`, os.Args[0])
		cmd.Env = append(os.Environ(), runMainEnv+"=1", runMainEnv+"_ARGS="+strings.Join(args, " "))
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		t.Logf("%s --to %s: %s", args[1], args[len(args)-1], strings.TrimSpace(stderr.String()))
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 ||
			!strings.HasPrefix(stderr.String(), "nimber: ") || !strings.Contains(stderr.String(), "set by rlimit-as") {
			t.Errorf("%s --to %s under ulimit -v 6291456: %v, stdout %d bytes, stderr:\n%.2000s", args[1], args[len(args)-1], err, stdout.Len(), stderr.String())
		}
	}
}

// TestSetMemoryLimit checks that main sets Go's soft memory limit to the
// ceiling, and leaves the user's GOMEMLIMIT alone.
func TestSetMemoryLimit(t *testing.T) {
	saved := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(saved) })
	env := memlimit.Env{Ceiling: 3 << 30, Limit: 3 << 29, Applied: memlimit.CgroupV1}
	t.Setenv("GOMEMLIMIT", "")
	if n, from := setMemoryLimit(env); n != 3<<30 || debug.SetMemoryLimit(-1) != 3<<30 || !strings.Contains(from, "ceiling") {
		t.Errorf("set %d (%s), in force %d; want the ceiling, 3 GiB", n, from, debug.SetMemoryLimit(-1))
	}
	debug.SetMemoryLimit(5 << 30) // as the runtime does from GOMEMLIMIT=5GiB
	t.Setenv("GOMEMLIMIT", "5GiB")
	if n, from := setMemoryLimit(env); n != 5<<30 || debug.SetMemoryLimit(-1) != 5<<30 || from != "GOMEMLIMIT=5GiB" {
		t.Errorf("set %d (%s), in force %d; want the user's 5 GiB left alone", n, from, debug.SetMemoryLimit(-1))
	}
}

// TestQuotientMemoryFollowsEnvironment checks that quotient's default
// --memory fits a small environment instead of being refused by its own
// range.
func TestQuotientMemoryFollowsEnvironment(t *testing.T) {
	withEnvironment(t, memlimit.Env{Ceiling: 300 << 20, Limit: 150 << 20, Applied: memlimit.AddressSpace})
	if code, _, errOut := nimber(t, "", "quotient", "0.77", "--heaps", "6"); code != 0 {
		t.Errorf("quotient with the default --memory under a 300 MiB ceiling: exit %d, %s", code, errOut)
	}
	code, _, errOut := nimber(t, "", "quotient", "0.77", "--heaps", "6", "--memory", "1024")
	if code != 2 || !strings.Contains(errOut, "--memory 1024 MiB out of range 16..100") {
		t.Errorf("quotient --memory 1024 under a 300 MiB ceiling: exit %d, %q", code, errOut)
	}
}
