// Package problems is the machinery of official input and output formats:
// what a contest problem's input looks like, how its cases are solved and
// checked against a memory limit, what its official output line is, and how
// random valid inputs are generated. Each game with an official problem
// defines its Problem in its own package; the registry lists them, so that
// the command-line tool and the web server are thin layers over one library
// call.
package problems

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"nimber/game"
	"nimber/grid"
	"nimber/sg"
)

// MaxCases bounds the cases of one input, in every problem (README.md's
// limits table).
const MaxCases = 1000

// MaxTotalCells bounds the cells of all the cases of one input, in every
// problem but BOI 2008's, which has its own (README.md's limits table).
const MaxTotalCells = 1 << 24

// GridSpec is the input format of a grid problem with the house limits
// on cases and total cells: rows of alphabet's characters, R and C at
// most maxSide, R*C at most maxCells.
func GridSpec(alphabet string, maxSide, maxCells int) grid.Spec {
	return grid.Spec{Alphabet: alphabet, MaxCases: MaxCases, MaxSide: maxSide, MaxCells: maxCells, MaxTotalCells: MaxTotalCells}
}

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

// WinningMove is a winning first move in people's terms: 1-based row and column,
// and the colony type where the game has one.
type WinningMove struct {
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Colony string `json:"colony,omitempty"`
}

// String returns e.g. "row 2, column 3" or "H at row 2, column 3".
func (m WinningMove) String() string {
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
	Winning []WinningMove `json:"winning_moves,omitzero"`

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
	FirstMove *WinningMove `json:"first_move,omitempty"`
	// InterceptionMove is B's move number when he lands on A (D/2), when B wins.
	InterceptionMove int `json:"interception_move,omitempty"`
	// Interception is the square where B lands on A on the principal line.
	Interception *WinningMove `json:"interception,omitempty"`
	// Line is the principal line: the squares reached by A, B, A, B, ...
	Line []WinningMove `json:"line,omitempty"`
	// Method says what decided the verdict.
	Method string `json:"method"`
}

// Problem is one problem solved in its official format.
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
	// Memory estimates the bytes the default engine needs for a case.
	Memory func(grid.Grid) int64
	// Solvers fill the game's fields of an Analysis, one per engine.
	Solvers map[Engine]Solver
	// Official writes a solved case's line of the official output.
	Official func(a Analysis) string
	// Generator returns random valid cases (Generate checks the options
	// first).
	Generator func(GenOptions) ([]grid.Grid, error)
}

// Case is one case of an input: a board.
type Case = grid.Grid

// Solver solves one case of a problem.
type Solver func(context.Context, grid.Grid, Options) (Analysis, error)

// Parse reads a whole input in the problem's official format.
func (p *Problem) Parse(r io.Reader) ([]grid.Grid, error) { return grid.Parse(r, p.Spec) }

// MemoryEstimate returns the bytes solving g needs, about.
func (p *Problem) MemoryEstimate(g grid.Grid) int64 { return p.Memory(g) }

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
	// Progress, when set, is called after each case is solved with the
	// number of cases solved so far.
	Progress func(done int)
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
	solve, ok := p.Solvers[engine]
	if !ok {
		return nil, fmt.Errorf("unknown engine %q for %s (known: %s)", engine, p.Name, joinEngines(p.Engines))
	}
	if opt.MaxMemory > 0 {
		for i, g := range cases {
			need := p.Memory(g)
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
		a.Official = p.Official(a)
		out[i] = a
		if opt.Progress != nil {
			opt.Progress(i + 1)
		}
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
	if math.IsNaN(o.Density) || o.Density > 1 {
		return nil, fmt.Errorf("density = %g out of range 0..1", o.Density)
	}
	return p.Generator(o)
}

// MarkedCells returns a generator of boards whose cells are independently
// marked with probability Density (default density when negative).
func MarkedCells(blank, marked byte, density float64) func(GenOptions) ([]grid.Grid, error) {
	return func(o GenOptions) ([]grid.Grid, error) {
		if o.Family != "" {
			return nil, fmt.Errorf("--family applies to boi2008-game only")
		}
		if o.Density < 0 {
			o.Density = density
		}
		rng := NewRand(o.Seed)
		cases := make([]grid.Grid, o.Cases)
		for i := range cases {
			cases[i] = grid.Random(rng, o.Rows, o.Cols, o.Density, blank, marked)
		}
		return cases, nil
	}
}

// NewRand returns the random source of the generators for a seed.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e696d626572)) }

// Impartial returns the Analysis of an impartial game's start: its Grundy
// value, outcome and winning first moves.
func Impartial(grundy int, moves []WinningMove) Analysis {
	if moves == nil {
		moves = []WinningMove{}
	}
	return Analysis{Grundy: &grundy, Outcome: sg.OutcomeOf(grundy).String(), Winning: moves}
}

// CellMoves returns the moves of a game whose moves are cells (0-based Row
// and Col), as an Analysis lists them: 1-based.
func CellMoves[M ~struct{ Row, Col int }](moves []M) []WinningMove {
	out := make([]WinningMove, len(moves))
	for i, m := range moves {
		c := struct{ Row, Col int }(m)
		out[i] = WinningMove{Row: c.Row + 1, Col: c.Col + 1}
	}
	return out
}

// CaseCount is the official line "Case #x: y" with y the number of winning
// first moves.
func CaseCount(a Analysis) string { return fmt.Sprintf("Case #%d: %d", a.Case, len(a.Winning)) }

// ImpartialEngines are the engines of an impartial grid game: its dense
// solver, then the generic one.
var ImpartialEngines = []Engine{Dense, Generic}

// Adapt turns a game package's solve function and the conversion of its
// result into a Solver.
func Adapt[R any](solve func(context.Context, grid.Grid) (R, error), convert func(R) Analysis) Solver {
	return func(ctx context.Context, g grid.Grid, _ Options) (Analysis, error) {
		res, err := solve(ctx, g)
		if err != nil {
			return Analysis{}, err
		}
		return convert(res), nil
	}
}

// ImpartialSolvers returns the solvers of an impartial grid game's engines
// (ImpartialEngines): dense, its own solver, and generic, the generic one,
// both with their results turned into an Analysis by convert.
func ImpartialSolvers[R any](dense, generic func(context.Context, grid.Grid) (R, error), convert func(R) Analysis) map[Engine]Solver {
	return map[Engine]Solver{Dense: Adapt(dense, convert), Generic: Adapt(generic, convert)}
}

// FormatBytes writes n in binary units, e.g. "1.5 GiB".
func FormatBytes(n int64) string { return game.FormatBytes(n) }
