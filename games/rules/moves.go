package rules

import (
	"encoding/binary"
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// moves returns the encoded moves of p: those in the memo, else those
// that another thread is computing once it is done, else those it runs
// moves(p) for and keeps in the memo.
func (rn *runner) moves(p Pos) ([]byte, error) {
	w := rn.w
	memo := w.r.memo
	for {
		l := memo.claim(p)
		switch {
		case l.enc != nil:
			return l.enc, nil
		case l.mine():
			enc, err := rn.run(p)
			if err != nil {
				memo.abandon(p)
				return nil, err
			}
			kept, size := memo.finish(p, enc)
			if err := rn.checkSize(p, size); err != nil {
				return nil, err
			}
			return kept, nil
		}
		if err := rn.wait(l.wait); err != nil {
			return nil, err
		}
	}
}

// wait waits until done is closed, the work fails or its context is done.
func (rn *runner) wait(done <-chan struct{}) error {
	w := rn.w
	select {
	case <-done:
		return nil
	case <-w.dead:
	case <-w.ctx.Done():
	}
	return w.failure()
}

// run runs moves(p) and returns its result encoded, in scratch space of
// the runner valid until its next run. For a partizan file it runs left(p)
// and right(p) and returns both encoded (partizan.go).
func (rn *runner) run(p Pos) ([]byte, error) {
	r := rn.w.r
	if !r.partizan {
		enc, err := rn.runFunc(rn.enc[:0], "moves", r.moves, p)
		if err == nil {
			rn.enc = enc
		}
		return enc, err
	}
	left, err := rn.runFunc(rn.left[:0], "left", r.left, p)
	if err != nil {
		return nil, err
	}
	rn.left = left
	enc := append(binary.AppendUvarint(rn.enc[:0], uint64(len(left))), left...)
	if enc, err = rn.runFunc(enc, "right", r.right, p); err != nil {
		return nil, err
	}
	rn.enc = enc
	return enc, nil
}

// runFunc runs fn(p), the file's function name, and appends its result
// encoded to dst, which it returns.
func (rn *runner) runFunc(dst []byte, name string, fn starlark.Value, p Pos) ([]byte, error) {
	r := rn.w.r
	what := func() string { return name + "(" + clip(r.table.repr(p)) + ")" }
	v, err := rn.call(fn, r.table.value(p), what)
	if err != nil {
		return nil, err
	}
	enc, err := rn.encode(dst, v, fn, what)
	if err != nil {
		return nil, rn.w.fail(err)
	}
	return enc, nil
}

// checkSize fails the work when the memo has grown past the memory budget
// with the moves of p, to size bytes.
func (rn *runner) checkSize(p Pos, size int64) error {
	r := rn.w.r
	if size += r.table.size(); size > r.opts.MemoryBudget {
		return rn.w.fail(&Error{File: r.file, Msg: fmt.Sprintf("moves(%s): the moves kept passed the memory budget of %s",
			clip(r.table.repr(p)), bytesText(r.opts.MemoryBudget))})
	}
	return nil
}

// encode checks that v, the result of fn(p) (moves, left or right), is a
// list of options and appends it encoded to enc.
func (rn *runner) encode(enc []byte, v, fn starlark.Value, what func() string) ([]byte, error) {
	r := rn.w.r
	list, ok := v.(*starlark.List)
	if !ok {
		return nil, r.resultError(fn, fmt.Sprintf("%s returned %s, want a list of options", what(), article(v)))
	}
	if list.Len() > maxOptions {
		return nil, r.resultError(fn, fmt.Sprintf("%s returned %d options, limit %d", what(), list.Len(), maxOptions))
	}
	for i := range list.Len() {
		o := list.Index(i)
		parts, ok := o.(*starlark.List)
		if !ok {
			p, key, err := r.table.posOf(o, rn.key)
			rn.key = key
			if err != nil {
				return nil, r.resultError(fn, fmt.Sprintf("%s: option %d is %v", what(), i+1, err))
			}
			enc = appendPart(append(enc, 1), p)
			continue
		}
		if parts.Len() > MaxParts {
			return nil, r.resultError(fn, fmt.Sprintf("%s: option %d leaves %d parts, limit %d", what(), i+1, parts.Len(), MaxParts))
		}
		enc = binary.AppendUvarint(enc, uint64(parts.Len()))
		for j := range parts.Len() {
			p, key, err := r.table.posOf(parts.Index(j), rn.key)
			rn.key = key
			if err != nil {
				return nil, r.resultError(fn, fmt.Sprintf("%s: option %d holds %v", what(), i+1, err))
			}
			enc = appendPart(enc, p)
		}
		if int64(len(enc)) > r.opts.MemoryBudget {
			return nil, r.resultError(fn, fmt.Sprintf("%s: the options passed the memory budget of %s", what(), bytesText(r.opts.MemoryBudget)))
		}
	}
	return enc, nil
}

// resultError is the error msg about the result of function fn of the
// file, placed at its return statement when it has one, else at its
// definition.
func (r *Rules) resultError(fn starlark.Value, msg string) error {
	f, ok := fn.(*starlark.Function)
	if !ok {
		return &Error{File: r.file, Msg: oneLine(msg)}
	}
	pos := f.Position()
	if at, ok := r.returns[lineCol(pos)]; ok {
		pos = at
	}
	return errorAt(pos, msg, nil)
}

// place is a line and column of the file.
type place struct{ line, col int32 }

func lineCol(p syntax.Position) place { return place{p.Line, p.Col} }

// returnsOf maps the place of every function of file f that has one
// return statement to the position of that statement (for a lambda, of its
// body).
func returnsOf(f *syntax.File) map[place]syntax.Position {
	out := make(map[place]syntax.Position)
	syntax.Walk(f, func(n syntax.Node) bool {
		switch fn := n.(type) {
		case *syntax.DefStmt:
			var found []syntax.Position
			for _, st := range fn.Body {
				syntax.Walk(st, func(n syntax.Node) bool {
					switch x := n.(type) {
					case *syntax.DefStmt, *syntax.LambdaExpr:
						return false // its returns are its own
					case *syntax.ReturnStmt:
						found = append(found, x.Return)
					}
					return true
				})
			}
			if len(found) == 1 {
				out[lineCol(fn.Def)] = found[0]
			}
		case *syntax.LambdaExpr:
			start, _ := fn.Body.Span()
			out[lineCol(fn.Lambda)] = start
		}
		return true
	})
	return out
}
