package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"sync"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/memlimit"
)

// environment is the memory this process may use, read once: main reads
// it first, before the work maps more address space, and every default
// memory limit comes from it.
var environment = sync.OnceValue(memlimit.Read)

// setMemoryLimit sets Go's soft memory limit to the environment's ceiling,
// so that the collector works harder as the process nears what the cgroup or
// the address-space limit allows instead of being killed or failing an
// allocation. A GOMEMLIMIT set by the user stands. It returns the limit in
// force and where it came from.
func setMemoryLimit(env memlimit.Env) (int64, string) {
	if v := os.Getenv("GOMEMLIMIT"); v != "" {
		return debug.SetMemoryLimit(-1), "GOMEMLIMIT=" + v
	}
	if env.Ceiling <= 0 {
		return debug.SetMemoryLimit(-1), "none: nothing left to allow"
	}
	debug.SetMemoryLimit(env.Ceiling)
	return env.Ceiling, "nimber, from the ceiling"
}

// goLimit is the soft memory limit main set, and where it came from.
var goLimit struct {
	bytes int64
	from  string
}

// doctorReport is what nimber doctor prints.
type doctorReport struct {
	Version string `json:"version"`
	memlimit.Env
	// GoMemoryLimit is Go's soft memory limit in force, and GoLimitFrom
	// who set it.
	GoMemoryLimit int64  `json:"go_memory_limit"`
	GoLimitFrom   string `json:"go_memory_limit_from"`
	// ServeMaxMemory is the default --max-memory of nimber serve.
	ServeMaxMemory int64 `json:"serve_max_memory"`
	// MaxPositions is the default --max-positions of table and compound.
	MaxPositions int `json:"max_positions"`
}

func newDoctorCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Print the memory this environment allows and the defaults taken from it",
		Long: `doctor prints the memory limits nimber found and which one applied: the
machine's memory, the cgroup limit (v2 memory.max, v1 memory.limit_in_bytes, of
this process's cgroup and its ancestors) and the address-space limit (RLIMIT_AS,
ulimit -v) less what the process had mapped at start. The smallest is the
ceiling, what the whole process may use; Go's soft memory limit is set to it
unless GOMEMLIMIT is set. Half of it is the memory limit, the default
--max-memory of solve, analyze and sequence (an estimate counts live data, and
Go's heap grows to about twice that); the default --max-positions of table and
compound and --max-memory of serve are cut to fit it. An explicit --max-memory
above the limit is obeyed: the work may then be killed by the kernel or fail to
allocate.`,
		Example: `  nimber doctor
  nimber doctor --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			env := environment()
			rep := doctorReport{Version: version(), Env: env, GoMemoryLimit: goLimit.bytes, GoLimitFrom: goLimit.from,
				ServeMaxMemory: defaultServeMemory(0), MaxPositions: defaultMaxPositions()}
			if rep.GoLimitFrom == "" { // run in process, as by tests: main did not set it
				rep.GoMemoryLimit, rep.GoLimitFrom = debug.SetMemoryLimit(-1), "not set by nimber (not run from main)"
			}
			return printAnswer(cmd, rep, asJSON, writeDoctor)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

// memoryLine is the line of --version about memory: the limit and the
// source of the ceiling it is half of.
func memoryLine() string {
	env := environment()
	return fmt.Sprintf("memory: limit %s, half the ceiling of %s set by %s (nimber doctor for details)",
		game.FormatBytes(env.Limit), game.FormatBytes(env.Ceiling), env.Applied)
}

// writeDoctor writes the report as text.
func writeDoctor(w io.Writer, r doctorReport) {
	fmt.Fprintf(w, "nimber %s\n", r.Version)
	fmt.Fprintf(w, "ceiling: %s, from %s (the most the whole process may use)\n", game.FormatBytes(r.Ceiling), r.Applied)
	for _, rd := range r.Readings {
		fmt.Fprintf(w, "  %-10s %s\n", rd.Source, readingText(rd, r.Applied))
	}
	fmt.Fprintf(w, "memory limit: %s, half the ceiling (the default --max-memory)\n", game.FormatBytes(r.Limit))
	fmt.Fprintf(w, "Go soft memory limit: %s (%s)\n", limitText(r.GoMemoryLimit), r.GoLimitFrom)
	fmt.Fprintf(w, "default --max-positions of table and compound: %d\n", r.MaxPositions)
	fmt.Fprintf(w, "default --max-memory of serve: %s a computation\n", game.FormatBytes(r.ServeMaxMemory))
}

// readingText describes one source's reading.
func readingText(r memlimit.Reading, applied memlimit.Source) string {
	s := "no limit"
	if r.Limited {
		s = game.FormatBytes(r.Bytes)
	}
	switch {
	case r.Source == memlimit.Machine && r.Limited:
		s += fmt.Sprintf(": MemTotal %s (%s)", r.Raw, r.From)
	case r.Source == memlimit.AddressSpace && r.Limited:
		s += fmt.Sprintf(": RLIMIT_AS %s less %s mapped at start", rawBytes(r.Raw), game.FormatBytes(r.Mapped))
	case r.Source == memlimit.AddressSpace && r.Raw != "":
		s += ": RLIMIT_AS " + r.Raw
	case r.From != "":
		s += fmt.Sprintf(": %s is %s", r.From, r.Raw)
	case r.Err == "":
		s += ": none here"
	}
	if r.Err != "" {
		s += " (" + r.Err + ")"
	}
	if r.Source == applied {
		s += "  <- applies"
	}
	return s
}

// rawBytes writes a number of bytes as read by memlimit.
func rawBytes(raw string) string {
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return raw
	}
	return game.FormatBytes(n)
}

// limitText writes a Go memory limit, which is math.MaxInt64 when none.
func limitText(n int64) string {
	if n == math.MaxInt64 {
		return "none"
	}
	return game.FormatBytes(n)
}
