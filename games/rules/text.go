package rules

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"nimber/game"
)

// Parse implements game.Rules: one part per line, each line read by the
// file's parse (which may also return a list of parts), by default as a
// Starlark literal. Blank lines are skipped: "" is the empty position.
func (r *Rules) Parse(text string) (game.Sum[Pos], error) {
	var s game.Sum[Pos]
	lines := strings.Split(text, "\n")
	read := 0
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if read++; read > MaxParts {
			return game.Sum[Pos]{}, &game.LimitError{What: "position", Measure: "lines", Got: int64(read), Limit: MaxParts}
		}
		parts, err := r.parseLine(line)
		if err != nil {
			if _, ok := errors.AsType[*game.LimitError](err); ok {
				return game.Sum[Pos]{}, err
			}
			pe, ok := errors.AsType[*PositionError](err)
			if !ok {
				pe = &PositionError{Text: line, Err: err}
			}
			if len(lines) > 1 {
				pe.Line = i + 1
			}
			return game.Sum[Pos]{}, pe
		}
		if len(s.Parts)+len(parts) > MaxParts {
			return game.Sum[Pos]{}, &game.LimitError{What: "position", Measure: "parts", Got: int64(len(s.Parts) + len(parts)), Limit: MaxParts}
		}
		s.Parts = append(s.Parts, parts...)
	}
	return s, nil
}

// PositionError is a line of position text that is not a position of
// the rules: a text that is not a literal, or whose parse by the file
// failed. It says which line when the text has several; the caller names
// where the text came from (an argument, a request's field).
type PositionError struct {
	// Line is the line of the text, from 1; 0 for a text of one line.
	Line int
	// Text is the line, trimmed.
	Text string
	// Msg says why the text is not a literal, when there is no Err.
	Msg string
	// Err is the failure of the file's parse (an *Error, which names the
	// place in the file), when it failed.
	Err error
}

// Error writes the failure on one line: `line 2: "x y" is not a
// position (...)`, or the failure of parse after the line.
func (e *PositionError) Error() string {
	prefix := ""
	if e.Line > 0 {
		prefix = fmt.Sprintf("line %d: ", e.Line)
	}
	if e.Err != nil {
		return prefix + e.Err.Error()
	}
	return fmt.Sprintf("%s%q is not a position (%s): write an int, a string in quotes, True, False, None or a tuple of them", prefix, clip(e.Text), e.Msg)
}

// Unwrap returns the failure of parse.
func (e *PositionError) Unwrap() error { return e.Err }

// parseLine reads the parts of one line.
func (r *Rules) parseLine(line string) ([]Pos, error) {
	if r.parse == nil {
		p, err := r.literal(line)
		if err != nil {
			return nil, err
		}
		return []Pos{p}, nil
	}
	w := r.newWork(context.Background())
	defer w.done()
	arg := starlark.String(line)
	what := "parse(" + clip(arg.String()) + ")"
	v, err := w.runner().call(r.parse, arg, func() string { return what })
	if err != nil {
		return nil, err
	}
	list, ok := v.(*starlark.List)
	if !ok {
		p, _, err := r.table.posOf(v, nil)
		if err != nil {
			return nil, r.resultError(r.parse, fmt.Sprintf("%s returned %v", what, err))
		}
		return []Pos{p}, nil
	}
	if list.Len() > MaxParts {
		return nil, &game.LimitError{What: "position", Measure: "parts", Got: int64(list.Len()), Limit: MaxParts}
	}
	parts := make([]Pos, list.Len())
	var key []byte
	for i := range parts {
		if parts[i], key, err = r.table.posOf(list.Index(i), key); err != nil {
			return nil, r.resultError(r.parse, fmt.Sprintf("%s returned a list holding %v", what, err))
		}
	}
	return parts, nil
}

// literal reads a position written as a Starlark literal.
func (r *Rules) literal(text string) (Pos, error) {
	bad := func(why string) error { return &PositionError{Text: text, Msg: why} }
	e, err := fileOptions.ParseExpr("position", text, 0)
	if err != nil {
		var se syntax.Error
		if errors.As(err, &se) {
			return Pos{}, bad(se.Msg)
		}
		return Pos{}, bad(oneLine(err.Error()))
	}
	v, err := literalValue(e, 0)
	if err != nil {
		return Pos{}, bad(err.Error())
	}
	p, _, err := r.table.posOf(v, nil)
	if err != nil {
		return Pos{}, bad(err.Error())
	}
	return p, nil
}

// literalValue returns the value of a literal expression.
func literalValue(e syntax.Expr, depth int) (starlark.Value, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested over %d deep", maxDepth)
	}
	switch x := e.(type) {
	case *syntax.Literal:
		switch v := x.Value.(type) {
		case int64:
			return starlark.MakeInt64(v), nil
		case *big.Int:
			return starlark.MakeBigInt(v), nil
		case string:
			if x.Token == syntax.STRING {
				return starlark.String(v), nil
			}
		}
	case *syntax.Ident:
		switch x.Name {
		case "True":
			return starlark.True, nil
		case "False":
			return starlark.False, nil
		case "None":
			return starlark.None, nil
		}
	case *syntax.ParenExpr:
		return literalValue(x.X, depth+1)
	case *syntax.TupleExpr:
		t := make(starlark.Tuple, len(x.List))
		for i, el := range x.List {
			v, err := literalValue(el, depth+1)
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		return t, nil
	case *syntax.UnaryExpr:
		if lit, ok := x.X.(*syntax.Literal); ok && lit.Token == syntax.INT && (x.Op == syntax.MINUS || x.Op == syntax.PLUS) {
			v, err := literalValue(lit, depth+1)
			if err != nil || x.Op == syntax.PLUS {
				return v, err
			}
			return starlark.Int.Unary(v.(starlark.Int), syntax.MINUS)
		}
	}
	start, _ := e.Span()
	return nil, fmt.Errorf("not a literal at column %d", start.Col)
}

// Format implements game.Rules: each part's show on a line of its own. A
// part whose show fails is written as its Starlark repr (Check reports
// the failure).
func (r *Rules) Format(s game.Sum[Pos]) string {
	return game.JoinParts(s.Parts, r.text, "\n")
}

// named is the rules that the game of a Rules holds: they also name
// positions (game.Namer), which Rules cannot as its Name is the game's.
type named struct{ *Rules }

// Name implements game.Namer.
func (n named) Name(s game.Sum[Pos]) string { return n.sumName(s) }

// sumName names a position on one line: the parts' show joined by " + ",
// "0" for none.
func (r *Rules) sumName(s game.Sum[Pos]) string {
	return game.NameParts(s.Parts, r.text, " + ")
}

// Check implements game.Rules: it refuses positions of over MaxParts
// parts and parts that show cannot write.
func (r *Rules) Check(s game.Sum[Pos]) error {
	if err := game.CheckLimit("position", "parts", int64(len(s.Parts)), MaxParts); err != nil {
		return err
	}
	if r.show == nil {
		return nil
	}
	for i, p := range s.Parts {
		if slices.Contains(s.Parts[:i], p) {
			continue
		}
		if _, err := r.showPart(p); err != nil {
			return err
		}
	}
	return nil
}

// text writes a part: its show, or its repr when show fails.
func (r *Rules) text(p Pos) string {
	if s, err := r.showPart(p); err == nil {
		return s
	}
	return r.table.repr(p)
}

// maxShows bounds the show texts kept.
const maxShows = 1 << 20

// showCache keeps the texts of show(p), and its failures.
type showCache struct {
	mu sync.Mutex
	m  map[Pos]shown
}

type shown struct {
	text string
	err  error
}

// showPart returns show(p), as one line that is not blank.
func (r *Rules) showPart(p Pos) (string, error) {
	if r.show == nil {
		return r.table.repr(p), nil
	}
	r.shows.mu.Lock()
	s, ok := r.shows.m[p]
	r.shows.mu.Unlock()
	if ok {
		return s.text, s.err
	}
	s.text, s.err = r.runShow(p)
	r.shows.mu.Lock()
	if r.shows.m == nil {
		r.shows.m = make(map[Pos]shown)
	}
	if len(r.shows.m) < maxShows {
		r.shows.m[p] = s
	}
	r.shows.mu.Unlock()
	return s.text, s.err
}

// runShow runs show(p) and checks its result.
func (r *Rules) runShow(p Pos) (string, error) {
	w := r.newWork(context.Background())
	defer w.done()
	what := "show(" + clip(r.table.repr(p)) + ")"
	v, err := w.runner().call(r.show, r.table.value(p), func() string { return what })
	if err != nil {
		return "", err
	}
	s, ok := v.(starlark.String)
	switch {
	case !ok:
		return "", r.resultError(r.show, fmt.Sprintf("%s returned %s, want a string", what, article(v)))
	case strings.ContainsAny(string(s), "\n\r"):
		return "", r.resultError(r.show, fmt.Sprintf("%s returned %s, which is more than one line", what, clip(s.String())))
	case strings.TrimSpace(string(s)) == "":
		return "", r.resultError(r.show, fmt.Sprintf("%s returned a blank string", what))
	case len(s) > maxKey:
		return "", r.resultError(r.show, fmt.Sprintf("%s returned %d bytes, limit %d", what, len(s), maxKey))
	}
	return strings.TrimSpace(string(s)), nil
}

// Describe implements game.Rules: option m of p in terms of the parts it
// leaves, "to 3 + 4" or "to nothing". Different options of p get different
// descriptions, also when show writes different parts alike.
func (r *Rules) Describe(p Pos, m int) string {
	enc, ok := r.memo.get(p)
	if !ok {
		b, failed := r.bind(context.Background())
		enc, _ = b.encoded(p)
		if failed() != nil {
			return fmt.Sprintf("option %d", m+1)
		}
	}
	texts := r.descs.of(p, enc, r.describe)
	if m < 0 || m >= len(texts) {
		return fmt.Sprintf("option %d", m+1)
	}
	return texts[m]
}

// describe says an option by the parts it leaves.
func (r *Rules) describe(parts []Pos) string {
	if len(parts) == 0 {
		return "to nothing"
	}
	names := make([]string, len(parts))
	for i, p := range parts {
		names[i] = r.text(p)
	}
	return "to " + strings.Join(names, " + ")
}

// descCache keeps the descriptions of the options of the position last
// described, made distinct.
type descCache struct {
	mu    sync.Mutex
	p     Pos
	texts []string
}

// of returns the descriptions of the options enc of p: equal options are
// said alike, and different options that describe says alike are told
// apart by their number.
func (c *descCache) of(p Pos, enc []byte, describe func([]Pos) string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.texts != nil && c.p == p {
		return c.texts
	}
	var (
		texts []string
		all   [][]Pos
		alike = map[string][]int{} // the options of each description
		taken = map[string]bool{}
	)
	options(enc, func(i int, parts []Pos) bool {
		parts = slices.Clone(parts)
		base := describe(parts)
		text := ""
		for _, j := range alike[base] {
			if slices.Equal(all[j], parts) {
				text = texts[j]
				break
			}
		}
		if text == "" {
			text = base
			for n := 0; taken[text]; n++ {
				text = fmt.Sprintf("%s (option %d%s)", base, i+1, strings.Repeat("'", n))
			}
		}
		alike[base] = append(alike[base], i)
		taken[text] = true
		texts = append(texts, text)
		all = append(all, parts)
		return true
	})
	c.p, c.texts = p, texts
	return texts
}
