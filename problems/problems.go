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
	// Exhaustive is BOI 2008's retrograde analysis of the unrestricted
	// game, for small boards.
	Exhaustive Engine = "exhaustive"
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

// Analysis is the verdict on one case. The impartial games fill Grundy,
// Outcome and Winning; BOI 2008 "Game", a partizan race, fills Race.
type Analysis struct {
	Case int `json:"case"`
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// Official is the case's line of the official output.
	Official string `json:"official"`

	// Grundy is the Sprague–Grundy value of the starting position.
	Grundy *int `json:"grundy,omitzero"`
	// Outcome is "N" (the player to move wins) or "P".
	Outcome string `json:"outcome,omitempty"`
	// Winning lists every winning first move (empty when the first player loses).
	Winning []Move `json:"winning_moves,omitzero"`

	// Race explains a BOI 2008 "Game" verdict.
	Race *Race `json:"race,omitzero"`
}

// Race is the explained verdict of a pursuit race (BOI 2008 "Game").
type Race struct {
	// Winner is "A" or "B".
	Winner string `json:"winner"`
	// Distance is D, the length of a shortest path between the starts.
	Distance int `json:"distance"`
	// FirstMove is A's first move of a winning strategy, when A wins.
	FirstMove *Move `json:"first_move,omitempty"`
	// InterceptionMove is B's move number when he lands on A (D/2), when B wins.
	InterceptionMove int `json:"interception_move,omitempty"`
	// Interception is the square where B lands on A on the principal line.
	Interception *Move `json:"interception,omitempty"`
	// Line is the principal line: the squares reached by A, B, A, B, ...
	Line []Move `json:"line,omitempty"`
	// Method says what decided the verdict.
	Method string `json:"method"`
}

// Problem is one solvable problem.
type Problem struct {
	// Name is the command-line name, e.g. "bacterial-tactics".
	Name string
	// Title is the problem's published name and source.
	Title string
	// Spec is the accepted input format.
	Spec grid.Spec
	// Example is a small input in the official format.
	Example string
	// Engines lists the engines the problem offers, the default first.
	Engines []Engine

	memory func(grid.Grid) int64
	// solve fills the game's fields of an Analysis; official formats its
	// official output line.
	solve    map[Engine]func(context.Context, grid.Grid, Options) (Analysis, error)
	official func(a Analysis) string
	generate func(GenOptions) ([]grid.Grid, error)
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
	// Brief asks only for what the official output needs: explanations that
	// cost extra (BOI 2008's principal line) are skipped.
	Brief bool
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
		engine = p.Engines[0]
	}
	solve, ok := p.solve[engine]
	if !ok {
		return nil, fmt.Errorf("unknown engine %q for %s (known: %s)", engine, p.Name, joinEngines(p.Engines))
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
		a, err := solve(ctx, g, opt)
		if err != nil {
			return nil, fmt.Errorf("case %d: %w", i+1, err)
		}
		a.Case, a.Rows, a.Cols = i+1, g.Rows, g.Cols
		a.Official = p.official(a)
		out[i] = a
	}
	return out, nil
}

func joinEngines(es []Engine) string {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = string(e)
	}
	return strings.Join(names, ", ")
}

// GenOptions shape random inputs.
type GenOptions struct {
	Cases      int
	Rows, Cols int
	// Density is the fraction of marked cells (or, for BOI 2008 family b,
	// of opened wall squares); negative means the problem's default.
	Density float64
	Seed    uint64
	// Family is a BOI 2008 test family, "a", "b" or "c"; other problems
	// refuse it.
	Family string
}

// Generate returns random valid cases. The same options give the same cases.
func (p *Problem) Generate(o GenOptions) ([]grid.Grid, error) {
	if o.Cases < 1 || o.Cases > p.Spec.MaxCases {
		return nil, fmt.Errorf("cases = %d out of range 1..%d", o.Cases, p.Spec.MaxCases)
	}
	lo := max(p.Spec.MinSide, 1)
	for _, d := range [2]struct {
		name string
		n    int
	}{{"rows", o.Rows}, {"cols", o.Cols}} {
		if d.n < lo || d.n > p.Spec.MaxSide {
			return nil, fmt.Errorf("%s = %d out of range %d..%d", d.name, d.n, lo, p.Spec.MaxSide)
		}
	}
	if o.Rows*o.Cols > p.Spec.MaxCells || o.Rows*o.Cols*o.Cases > p.Spec.MaxTotalCells {
		return nil, fmt.Errorf("%d cases of %d x %d exceed the input limits (%d cells a case, %d in all)",
			o.Cases, o.Rows, o.Cols, p.Spec.MaxCells, p.Spec.MaxTotalCells)
	}
	if o.Density > 1 {
		return nil, fmt.Errorf("density = %g out of range 0..1", o.Density)
	}
	return p.generate(o)
}

// markedCells returns a generator of boards whose cells are independently
// marked with probability Density (default density when negative).
func markedCells(blank, marked byte, density float64) func(GenOptions) ([]grid.Grid, error) {
	return func(o GenOptions) ([]grid.Grid, error) {
		if o.Family != "" {
			return nil, fmt.Errorf("--family applies to boi2008-game only")
		}
		if o.Density < 0 {
			o.Density = density
		}
		rng := newRand(o.Seed)
		cases := make([]grid.Grid, o.Cases)
		for i := range cases {
			cases[i] = grid.Random(rng, o.Rows, o.Cols, o.Density, blank, marked)
		}
		return cases, nil
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e696d626572)) }

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
