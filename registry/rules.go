package registry

import (
	"errors"
	"strings"

	"nimber/game"
	"nimber/games/rules"
)

// DefaultRulesSteps is the Starlark steps each call of a rules file's code
// may take unless told otherwise (rules.DefaultStepBudget).
const DefaultRulesSteps = rules.DefaultStepBudget

// StepError is the cause of a rules file's failure that reached a step
// budget (rules.StepError): per call, or of a whole computation.
type StepError = rules.StepError

// LoadRules loads a user's rules file (Starlark, see games/rules): its game,
// named by the file name without ".star", and its entry.
func LoadRules(path string) (game.Game, *Entry, error) {
	return LoadRulesLimited(path, 0, 0)
}

// LoadRulesLimited is LoadRules where each call of the file's code may take
// steps Starlark steps (DefaultRulesSteps when zero) and the rules' memory
// budget is memory bytes (rules.DefaultMemoryBudget when zero or more).
func LoadRulesLimited(path string, steps uint64, memory int64) (game.Game, *Entry, error) {
	if memory <= 0 || memory > rules.DefaultMemoryBudget {
		memory = rules.DefaultMemoryBudget
	}
	r, err := rules.Load(path, rules.Options{StepBudget: steps, MemoryBudget: memory})
	if err != nil {
		return nil, nil, err
	}
	return rulesEntry(r)
}

// CompileRules is LoadRules for the text of a rules file, e.g. pasted in
// the web explorer; filename names it in errors, and steps bounds the
// Starlark steps of each call of its code and also of each piece of its
// work, all calls together (when zero: DefaultRulesSteps per call and no
// bound of the whole).
func CompileRules(filename string, src []byte, steps uint64) (game.Game, *Entry, error) {
	r, err := rules.New(filename, src, rules.Options{StepBudget: steps, WorkSteps: steps})
	if err != nil {
		return nil, nil, err
	}
	return rulesEntry(r)
}

func rulesEntry(r *rules.Rules) (game.Game, *Entry, error) {
	g := r.Game()
	e := &Entry{
		Name:    r.Name(),
		Summary: r.Title() + " (rules file)",
		Format:  "one position a line, in the rules file's text form",
		open:    func(string) (game.Game, error) { return g, nil },
		where:   r.MovesAt(),
	}
	return g, e, nil
}

// Annotate gives an error about the entry's game the place it comes from:
// for a rules file, the file and line of its moves function, unless the
// error already names the file.
func (e *Entry) Annotate(err error) error {
	if err == nil || e.where == "" {
		return err
	}
	if _, ok := errors.AsType[*rules.PositionError](err); ok {
		return err // about the text of a position, not the file's moves
	}
	file, _, _ := strings.Cut(e.where, ":")
	if strings.Contains(err.Error(), file) {
		return err
	}
	return &annotated{where: e.where, err: err}
}

type annotated struct {
	where string
	err   error
}

func (a *annotated) Error() string { return a.where + ": " + a.err.Error() }
func (a *annotated) Unwrap() error { return a.err }
