// Package problems is the catalogue of the problems nimber solves in their
// official formats. Each entry ties a game package to its input format, its
// official output and its random generator, so that the command-line tool
// and the web server are thin layers over one library call.
package problems

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"nimber/games/grid"
	"nimber/sg"
)

// Engine selects the solver used for a grid game.
type Engine string

// The engines.
const (
	// Dense is the specialised flat-table solver of each game (the default).
	Dense Engine = "dense"
	// Generic is the generic memoized solver of package sg, slower, kept as
	// an independent check.
	Generic Engine = "generic"
)

// Move is a winning first move in people's terms: 1-based row and column,
// and the colony type where the game has one.
type Move struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Colony string `json:"colony,omitempty"`
}

// String returns e.g. "row 2, column 3" or "H at row 2, column 3".
func (m Move) String() string {
	s := fmt.Sprintf("row %d, column %d", m.Row, m.Col)
	if m.Colony != "" {
		return m.Colony + " at " + s
	}
	return s
}

// Analysis is the verdict on one case.
type Analysis struct {
	Case    int    `json:"case"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Grundy  int    `json:"grundy"`
	Outcome string `json:"outcome"` // "N" (player to move wins) or "P"
	// Winning lists every winning first move (empty when the first player loses).
	Winning []Move `json:"winning_moves"`
	// Official is the case's line of the official output.
	Official string `json:"official"`
}

// result is what a game's solver reports before it becomes an Analysis.
type result struct {
	grundy int
	moves  []Move
}

// Problem is one solvable problem.
type Problem struct {
	// Name is the command-line name, e.g. "bacterial-tactics".
	Name string
	// Title is the problem's published name and source.
	Title string
	// Spec is the accepted input format.
	Spec grid.Spec
	// Blank and Marked are the cell characters the generator uses: Density
	// is the fraction of Marked cells.
	Blank, Marked byte
	// DefaultDensity is the generator's default fraction of Marked cells.
	DefaultDensity float64
	// Example is a small input in the official format.
	Example string

	memory   func(grid.Grid) int64
	solve    map[Engine]func(context.Context, grid.Grid) (result, error)
	official func(caseNo int, r result) string
}

// List returns every problem, sorted by name.
func List() []*Problem {
	out := slices.Clone(catalogue)
	slices.SortFunc(out, func(a, b *Problem) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Lookup returns the problem called name.
func Lookup(name string) (*Problem, error) {
	for _, p := range catalogue {
		if p.Name == name {
			return p, nil
		}
	}
	names := make([]string, 0, len(catalogue))
	for _, p := range List() {
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("unknown problem %q (known: %s)", name, strings.Join(names, ", "))
}

// Parse reads a whole input in the problem's official format.
func (p *Problem) Parse(r io.Reader) ([]grid.Grid, error) { return grid.Parse(r, p.Spec) }

// MemoryEstimate returns the bytes solving g needs, about.
func (p *Problem) MemoryEstimate(g grid.Grid) int64 { return p.memory(g) }

// Options tune Analyze.
type Options struct {
	// Engine selects the solver; empty means Dense.
	Engine Engine
	// MaxMemory refuses any case whose memory estimate exceeds it (bytes);
	// zero means no limit.
	MaxMemory int64
}

// MemoryError reports a case refused because its memory estimate exceeds
// the limit.
type MemoryError struct {
	Case           int
	Rows, Cols     int
	Need, MaxBytes int64
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("case %d: board %d x %d needs about %s, over the memory limit of %s (raise --max-memory)",
		e.Case, e.Rows, e.Cols, FormatBytes(e.Need), FormatBytes(e.MaxBytes))
}

// Analyze solves every case. All cases are checked against the memory limit
// before any is solved, so a refused input produces no partial answer.
func (p *Problem) Analyze(ctx context.Context, cases []grid.Grid, opt Options) ([]Analysis, error) {
	engine := opt.Engine
	if engine == "" {
		engine = Dense
	}
	solve, ok := p.solve[engine]
	if !ok {
		return nil, fmt.Errorf("unknown engine %q (known: dense, generic)", engine)
	}
	if opt.MaxMemory > 0 {
		for i, g := range cases {
			need := p.memory(g)
			if engine == Generic {
				need *= 8 // the generic solver's memo holds 4-byte values and more
			}
			if need > opt.MaxMemory {
				return nil, &MemoryError{Case: i + 1, Rows: g.Rows, Cols: g.Cols, Need: need, MaxBytes: opt.MaxMemory}
			}
		}
	}
	out := make([]Analysis, len(cases))
	for i, g := range cases {
		r, err := solve(ctx, g)
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", i+1, err)
		}
		out[i] = Analysis{
			Case: i + 1, Rows: g.Rows, Cols: g.Cols,
			Grundy: r.grundy, Outcome: sg.OutcomeOf(r.grundy).String(),
			Winning: r.moves, Official: p.official(i+1, r),
		}
		if out[i].Winning == nil {
			out[i].Winning = []Move{}
		}
	}
	return out, nil
}

// GenOptions shape random inputs.
type GenOptions struct {
	Cases      int
	Rows, Cols int
	// Density is the fraction of the problem's Marked cells; negative means
	// the problem's default.
	Density float64
	Seed    uint64
}

// Generate returns random valid cases: each cell independently Marked with
// probability Density. The same options give the same cases.
func (p *Problem) Generate(o GenOptions) ([]grid.Grid, error) {
	if o.Cases < 1 || o.Cases > p.Spec.MaxCases {
		return nil, fmt.Errorf("cases = %d out of range 1..%d", o.Cases, p.Spec.MaxCases)
	}
	for _, d := range [2]struct {
		name string
		n    int
	}{{"rows", o.Rows}, {"cols", o.Cols}} {
		if d.n < 1 || d.n > p.Spec.MaxSide {
			return nil, fmt.Errorf("%s = %d out of range 1..%d", d.name, d.n, p.Spec.MaxSide)
		}
	}
	if o.Rows*o.Cols > p.Spec.MaxCells || o.Rows*o.Cols*o.Cases > p.Spec.MaxTotalCells {
		return nil, fmt.Errorf("%d cases of %d x %d exceed the input limits (%d cells a case, %d in all)",
			o.Cases, o.Rows, o.Cols, p.Spec.MaxCells, p.Spec.MaxTotalCells)
	}
	density := o.Density
	if density < 0 {
		density = p.DefaultDensity
	}
	if density > 1 {
		return nil, fmt.Errorf("density = %g out of range 0..1", density)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6e696d626572))
	cases := make([]grid.Grid, o.Cases)
	for i := range cases {
		cases[i] = grid.Random(rng, o.Rows, o.Cols, density, p.Blank, p.Marked)
	}
	return cases, nil
}

// FormatBytes writes n in binary units, e.g. "1.5 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
