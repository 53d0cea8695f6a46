package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"nimber/problems"
	"nimber/registry"
)

// solveFlags are the flags shared by solve and analyze.
type solveFlags struct {
	maxMemory string
	engine    string
}

func (f *solveFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.maxMemory, "max-memory", "",
		"refuse cases whose memory estimate exceeds this, e.g. 512MiB or 4GB (default: half the memory this process may use, the smallest of the machine's, the cgroup limit and ulimit -v; see nimber doctor)")
	fs.StringVar(&f.engine, "engine", string(problems.Dense),
		"solver: dense (fast, specialised; the default), generic (the generic memoized engine, an independent check; impartial games) or exhaustive (boi2008-game: the unrestricted game, small boards)")
}

func (f *solveFlags) options() (problems.Options, error) {
	limit := defaultMaxMemory()
	if f.maxMemory != "" {
		n, err := parseBytes(f.maxMemory)
		if err != nil {
			return problems.Options{}, fmt.Errorf("--max-memory: %w", err)
		}
		limit = n
	}
	return problems.Options{Engine: problems.Engine(f.engine), MaxMemory: limit}, nil
}

// analyzeInput parses the input named by args and analyses every case;
// brief asks only for what the official output needs.
func analyzeInput(cmd *cobra.Command, args []string, flags *solveFlags, brief bool) ([]problems.Analysis, error) {
	opts, err := flags.options()
	if err != nil {
		return nil, err
	}
	opts.Brief = brief
	p, cases, err := readCases(cmd, args)
	if err != nil {
		return nil, err
	}
	act := startActivity(cmd.ErrOrStderr(), p.Name+": cases", len(cases))
	defer act.stop()
	opts.Progress = act.set
	return p.Analyze(cmd.Context(), cases, opts)
}

// readCases resolves the problem and parses FILE, or standard input when
// FILE is absent or "-".
func readCases(cmd *cobra.Command, args []string) (*problems.Problem, []problems.Case, error) {
	p, err := registry.Problem(args[0])
	if err != nil {
		return nil, nil, err
	}
	name := "standard input"
	in := cmd.InOrStdin()
	if len(args) > 1 && args[1] != "-" {
		name = args[1]
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		in = f
	}
	cases, err := p.Parse(in)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, cases, nil
}

// problemArgs accepts PROBLEM and an optional FILE.
func problemArgs(cmd *cobra.Command, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("%s takes PROBLEM and an optional FILE, got %d arguments (see nimber %s --help)", cmd.Name(), len(args), cmd.Name())
	}
	return nil
}

// defaultMaxMemory is the memory the environment allows a computation:
// half the smallest of the machine's memory, the cgroup limit and the
// address-space limit less what was mapped at start (nimber doctor).
func defaultMaxMemory() int64 {
	return environment().Limit
}

// parseBytes reads a size such as "1500000", "512MiB", "4GB" or "1.5G".
// Decimal (kB, MB, GB, TB) and binary (KiB, MiB, GiB, TiB; K, M, G, T) units
// are accepted.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	mult := map[string]float64{
		"": 1, "b": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
		"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
	}[strings.ToLower(unit)]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || !(v*mult >= 1) || v*mult > 1<<62 {
		return 0, fmt.Errorf("%q is not a size of at least one byte, such as 512MiB or 4GB", s)
	}
	return int64(v * mult), nil
}
