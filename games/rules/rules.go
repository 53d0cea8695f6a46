// Package rules plays games that users write themselves, as rules files
// in Starlark (a small dialect of Python): the file's game is a game of
// the game API like any other, solved, played and analysed by every front
// end.
//
// A rules file defines moves(p), which returns the options of position p:
// a list with, for each move, the list of the independent parts it leaves
// ([] when it leaves nothing; a value that is not a list is one position).
// A position is a hashable immutable value: an int, a string, a bool,
// None, or a tuple of them (nested tuples allowed). A file may also
// define name (a title), parse(text) (the position that a line of text
// says, or a list of parts; by default the text is a Starlark literal such
// as 5, (1, 2) or "xox") and show(p) (one line of text for p; by default
// its Starlark repr). The game is named by the file's name without ".star".
//
//	# Kayles: knock down one pin or two adjacent pins of a row.
//	def moves(n):
//	    options = []
//	    for take in (1, 2):
//	        for left in range(n - take + 1):
//	            options.append([left, n - take - left])
//	    return options
//
// Files may also use while loops, recursion (at most 100 000 calls deep)
// and set, as Python does, and two Go builtins for heap games:
// splits(n, take), the options of removing take adjacent tokens from a row
// of n ([left, right] with left <= right, empty rows left out), and
// takes(n, amounts), the heaps n - k for each k <= n of amounts. Kayles is
// then
//
//	def moves(n):
//	    return splits(n, 1) + splits(n, 2)
//
// A file that defines left(p) and right(p) instead of moves(p) is a
// partizan game (Kind partizan, valued by canonical forms): each returns
// that player's options as moves does. A file defining moves with left or
// right, or only one of left and right, is refused. Blue-Red Hackenbush
// stalks, a position a string of edges from the ground up:
//
//	def left(s):
//	    return [[s[:i]] for i in range(len(s)) if s[i] == "L"]
//
//	def right(s):
//	    return [[s[:i]] for i in range(len(s)) if s[i] == "R"]
//
// The moves of each position are computed once and kept. The Starlark
// runs in a sandbox: no file or network access (load is refused; only
// Starlark's own built-in functions and the two above are there), a
// budget of steps for each call of the file's code and of memory, and
// cancellation by context. A failure of the script (a syntax
// error, a wrong result, a budget exceeded) is one line naming the file,
// the line and what is wrong.
package rules

import (
	"context"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"nimber/game"
)

// Limits of rules files and their positions.
const (
	// MaxFileSize bounds a rules file, in bytes.
	MaxFileSize = 1 << 20
	// MaxParts bounds the parts of a position and of an option.
	MaxParts = 1 << 16
	// MaxSequence bounds the length of a nim-sequence (Sequence).
	MaxSequence = 1 << 24
)

// Defaults of Options.
const (
	// DefaultStepBudget is the Starlark steps that one call of the file's
	// code may take (a call of moves, parse or show, or the running of the
	// file's top level): about a second of work, so that a runaway is
	// stopped soon while a long computation of many calls is not.
	DefaultStepBudget = 100_000_000
	// DefaultMemoryBudget is the heap the process may reach while Starlark
	// runs, and the most the memo of moves may hold, in bytes.
	DefaultMemoryBudget = 1 << 30
)

// Options tune the sandbox of a rules file.
type Options struct {
	// StepBudget bounds the Starlark steps of each call of the file's
	// code: each call of moves, parse or show, and the running of the
	// file's top level when it is loaded (DefaultStepBudget when zero).
	StepBudget uint64
	// WorkSteps, when not zero, also bounds the Starlark steps of each
	// work, all its calls together: each Bind, each Sequence, the loading
	// of the file, each call of parse or show. A server that compiles the
	// rules of each request bounds the request so.
	WorkSteps uint64
	// MemoryBudget bounds, in bytes, the process heap while the file's
	// Starlark runs and the estimated size of the moves and positions kept
	// (DefaultMemoryBudget when zero or less).
	MemoryBudget int64
	// Print receives what the file prints, a line per print; nil discards
	// it. A failed write fails the work that printed.
	Print io.Writer
}

// Rules is the game of a loaded rules file. For a file of moves(p) it
// implements game.Rules[Pos, int], whose moves are the indexes of the
// options that moves(p) returns, with game.Contextual (use Bind to see
// the script's failures), game.Heaps and game.Sequencer; its Game also
// names positions on one line (game.Namer: the parts joined by " + ").
// The game of a file of left(p) and right(p) is partizan (partizan.go):
// use its Game. Rules is safe for concurrent use.
type Rules struct {
	opts  Options
	file  string // the file name that messages give
	name  string
	title string

	moves, parse, show starlark.Value // show and parse are nil by default
	// left and right are the functions of a partizan file, which has no
	// moves; its memo keeps both players' options of each position
	// (partizan.go).
	left, right starlark.Value
	partizan    bool
	movesAt     string
	returns     map[place]syntax.Position // of the file's functions

	table   *table
	memo    *memo
	watch   *watchdog
	printMu sync.Mutex
	shows   showCache
	descs   descCache
	game    game.Game
}

// The capabilities of Rules.
var (
	_ game.Rules[Pos, int]      = (*Rules)(nil)
	_ game.Contextual[Pos, int] = (*Rules)(nil)
	_ game.Heaps[Pos]           = (*Rules)(nil)
	_ game.Sequencer            = (*Rules)(nil)
)

// Load loads the rules file at path; its game is named by the file's name
// without ".star". A file over MaxFileSize is refused before it is read.
func Load(path string, o Options) (*Rules, error) {
	// Stat first: opening a named pipe would wait for a writer.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if fi.Size() > MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, limit %d", path, fi.Size(), MaxFileSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return New(path, src, o)
}

// fileOptions is the dialect of rules files: Starlark with while loops,
// recursion, sets and statements at top level, closer to Python.
var fileOptions = &syntax.FileOptions{Set: true, While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true}

// New loads the rules file named filename whose text is src (pasted rules,
// for a server). Messages about the file name it filename.
func New(filename string, src []byte, o Options) (*Rules, error) {
	if len(src) > MaxFileSize {
		return nil, fmt.Errorf("%s: %d bytes, limit %d", filename, len(src), MaxFileSize)
	}
	if o.StepBudget == 0 {
		o.StepBudget = DefaultStepBudget
	}
	if o.MemoryBudget <= 0 {
		o.MemoryBudget = DefaultMemoryBudget
	}
	if o.Print == nil {
		o.Print = io.Discard
	}
	r := &Rules{
		opts:  o,
		file:  filename,
		name:  strings.TrimSuffix(filepath.Base(filename), ".star"),
		table: &table{ids: make(map[string]uint32)},
		memo:  newMemo(),
		watch: &watchdog{budget: o.MemoryBudget},
	}
	f, prog, err := starlark.SourceProgramOptions(fileOptions, filename, src, builtins.Has)
	if err != nil {
		return nil, loadError(filename, err)
	}
	r.returns = returnsOf(f)
	for _, st := range f.Stmts {
		if l, ok := st.(*syntax.LoadStmt); ok {
			return nil, errorAt(l.Load, "load is not allowed: a rules file stands alone", nil)
		}
	}
	if prog.NumLoads() > 0 {
		_, pos := prog.Load(0)
		return nil, errorAt(pos, "load is not allowed: a rules file stands alone", nil)
	}
	w := r.newWork(context.Background())
	defer w.done()
	rn := w.runner()
	rn.hold()
	rn.limit(rn.t.Steps)
	globals, err := prog.Init(rn.t, builtins)
	rn.release()
	if err != nil {
		return nil, w.scriptError(err, "", rn.reached())
	}
	globals.Freeze()
	if err := r.bindGlobals(globals); err != nil {
		return nil, err
	}
	if r.partizan {
		r.game = game.OfPartizan[Pos](partizanRules{r})
	} else {
		r.game = game.Of[Pos, int](named{r})
	}
	return r, nil
}

// loadError makes an error of parsing or resolving a file one line.
func loadError(filename string, err error) error {
	switch e := err.(type) {
	case syntax.Error:
		return errorAt(e.Pos, e.Msg, nil)
	case resolve.ErrorList:
		return errorAt(e[0].Pos, e[0].Msg, nil)
	case resolve.Error:
		return errorAt(e.Pos, e.Msg, nil)
	}
	return &Error{File: filename, Msg: oneLine(err.Error())}
}

// bindGlobals takes moves (or left and right), name, parse and show from
// the file's globals.
func (r *Rules) bindGlobals(g starlark.StringDict) error {
	if err := r.bindMoves(g); err != nil {
		return err
	}
	r.title = r.name
	if v, ok := g["name"]; ok {
		s, ok := v.(starlark.String)
		if !ok {
			return &Error{File: r.file, Msg: "name is " + article(v) + ", want a string"}
		}
		if t := oneLine(string(s)); t != "" {
			r.title = t
		}
	}
	for _, f := range []struct {
		name string
		to   *starlark.Value
	}{{"parse", &r.parse}, {"show", &r.show}} {
		v, ok := g[f.name]
		if !ok {
			continue
		}
		fn, ok := v.(starlark.Callable)
		if !ok {
			return &Error{File: r.file, Msg: f.name + " is " + article(v) + ", want a function " + f.name + "(p)"}
		}
		if sf, ok := fn.(*starlark.Function); ok {
			if err := oneParam(sf, f.name+"(p)"); err != nil {
				return err
			}
		}
		*f.to = fn
	}
	return nil
}

// bindMoves takes the file's moves function, or its left and right
// functions for a partizan game: a file defines moves or both of left and
// right, not both kinds and not one of left and right alone.
func (r *Rules) bindMoves(g starlark.StringDict) error {
	_, hasMoves := g["moves"]
	_, hasLeft := g["left"]
	_, hasRight := g["right"]
	switch {
	case hasMoves && (hasLeft || hasRight):
		return &Error{File: r.file, Msg: "defines moves(p) and also left(p) or right(p): define moves for an impartial game, or left and right for a partizan one"}
	case hasLeft != hasRight:
		has, lacks := "left", "right"
		if hasRight {
			has, lacks = lacks, has
		}
		return &Error{File: r.file, Msg: fmt.Sprintf("defines %s(p) but no %s(p): a partizan game gives both players' options", has, lacks)}
	case hasLeft:
		r.partizan = true
		if err := r.bindFunc(g, "left", &r.left); err != nil {
			return err
		}
		return r.bindFunc(g, "right", &r.right)
	}
	if _, ok := g["moves"].(starlark.Callable); !ok {
		return &Error{File: r.file, Msg: "no function moves(p), nor left(p) and right(p) for a partizan game"}
	}
	return r.bindFunc(g, "moves", &r.moves)
}

// bindFunc takes function name(p) of the file, which the game is said to
// be defined at (MovesAt) when it is the first one taken.
func (r *Rules) bindFunc(g starlark.StringDict, name string, to *starlark.Value) error {
	v := g[name]
	fn, ok := v.(starlark.Callable)
	if !ok {
		return &Error{File: r.file, Msg: fmt.Sprintf("%s is %s, want a function %s(p)", name, article(v), name)}
	}
	*to = fn
	at := r.file
	if sf, ok := fn.(*starlark.Function); ok {
		pos := sf.Position()
		at = fmt.Sprintf("%s:%d", pos.Filename(), pos.Line)
		if err := oneParam(sf, name+"(p)"); err != nil {
			return err
		}
	}
	if r.movesAt == "" {
		r.movesAt = at
	}
	return nil
}

// oneParam checks that fn can be called with one argument.
func oneParam(fn *starlark.Function, want string) error {
	required := 0
	for i := range fn.NumParams() - fn.NumKwonlyParams() {
		if fn.ParamDefault(i) == nil {
			required++
		}
	}
	positional := fn.NumParams() - fn.NumKwonlyParams()
	if required > 1 || (positional == 0 && !fn.HasVarargs()) {
		return errorAt(fn.Position(), fmt.Sprintf("%s takes %d parameters, want %s", fn.Name(), required, want), nil)
	}
	return nil
}

// Name returns the game's name: the file's name without ".star".
func (r *Rules) Name() string { return r.name }

// Title returns the game's title: the file's name global, or its Name.
func (r *Rules) Title() string { return r.title }

// Game returns the game of the rules. Its Rules method returns a value
// that embeds r and adds game.Namer (Rules cannot have both Name methods),
// so that the capabilities of r are found on it by type assertion.
func (r *Rules) Game() game.Game { return r.game }

// MovesAt says where moves (of a partizan file, left) is defined,
// "kayles.star:12", for messages about the game as a whole such as a
// cycle.
func (r *Rules) MovesAt() string { return r.movesAt }

// Moves implements sg.Mover: the options of p. A failure of the script
// leaves p without moves; use Bind to see failures.
func (r *Rules) Moves(p Pos) iter.Seq2[int, []Pos] {
	var enc []byte
	if !r.partizan { // whose memo keeps both players' options
		b, failed := r.bind(context.Background())
		defer failed()
		enc, _ = b.encoded(p)
	}
	return func(yield func(int, []Pos) bool) { options(enc, yield) }
}

// Bind implements game.Contextual: rules whose moves run the script under
// ctx and stop once it fails, and the function that returns its first
// failure as one line.
func (r *Rules) Bind(ctx context.Context) (game.Rules[Pos, int], func() error) {
	return r.bind(ctx)
}

func (r *Rules) bind(ctx context.Context) (*bound, func() error) {
	w := r.newWork(ctx)
	b := &bound{Rules: r, rn: w.runner()}
	return b, func() error {
		w.done()
		return w.failure()
	}
}

// bound is rules bound to a work: their moves run on its thread.
type bound struct {
	*Rules
	rn *runner
}

// Moves implements sg.Mover: the options of p, none once the work failed.
func (b *bound) Moves(p Pos) iter.Seq2[int, []Pos] {
	enc, err := b.encoded(p)
	if err != nil || b.rn.w.bad.Load() || b.partizan {
		enc = nil
	}
	return func(yield func(int, []Pos) bool) { options(enc, yield) }
}

// encoded returns the encoded moves of p, computing them when they are not
// known.
func (b *bound) encoded(p Pos) ([]byte, error) {
	if enc, ok := b.memo.get(p); ok {
		return enc, nil
	}
	return b.rn.moves(p)
}

// Heap implements game.Heaps: the int position n.
func (r *Rules) Heap(n int) (Pos, error) {
	if n < 0 {
		return Pos{}, fmt.Errorf("heap %d: want a size of 0 or more", n)
	}
	return Pos{n: int64(n)}, nil
}
