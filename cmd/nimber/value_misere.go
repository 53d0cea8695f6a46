package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"nimber/game"
	"nimber/misere/canon"
)

// misereTableSize is the size of the forms --memory allows a table of
// misère canonical forms: about 16 bytes for each unit it counts.
func (f valueFlags) misereTableSize() int { return f.memory << 16 }

// misereFlags checks the flags value --misere cannot take.
func (f valueFlags) misereFlags() error {
	if flag := f.thermographFlag(); flag != "" {
		return fmt.Errorf("value --misere: %s: a misère canonical form has no thermograph", flag)
	}
	return nil
}

// describeMisere describes the misère canonical form of the sum of the
// EXPRs, in CGSuite's notation of misère games.
func describeMisere(ctx context.Context, exprs []string, f valueFlags) (canon.Description, error) {
	d, err := canon.DescribeSum(ctx, exprs, f.misereTableSize(), f.parts)
	if se, ok := errors.AsType[*canon.SumError](err); ok {
		switch {
		case se.Read:
			return d, fmt.Errorf("value --misere: argument %d %s: %w", se.Index+1, quoteArg(exprs[se.Index]), f.misereLimit(se.Err))
		case se.Index == 0:
			return d, fmt.Errorf("value --misere: the value of the game: %w", f.misereLimit(se.Err))
		}
		return d, fmt.Errorf("value --misere: the sum of arguments 1..%d: %w", se.Index+1, f.misereLimit(se.Err))
	}
	return d, err
}

// misereLimit says how to raise the limit of a full table.
func (f valueFlags) misereLimit(err error) error {
	if errors.Is(err, canon.ErrLimit) {
		return fmt.Errorf("%w (--memory %d MiB; raise it)", err, f.memory)
	}
	return err
}

// describeMisereGame describes the misère canonical form of a sum of
// positions of an impartial game of --game or --rules, made through the
// game API from the positions' moves.
func describeMisereGame(ctx context.Context, positions []string, f valueFlags) (canon.Description, error) {
	var g *chosenGame
	var err error
	if f.rules != "" {
		gf := gameFlag{rules: f.rules, maxSteps: f.maxSteps}
		g, _, err = gf.resolve(nil)
	} else {
		g, _, err = (&gameFlag{}).resolve([]string{f.game})
	}
	if err != nil {
		return canon.Description{}, fmt.Errorf("value --misere: %w", err)
	}
	flag := f.source(g)
	if info := g.Info(); info.Kind != game.Impartial || info.Repeats {
		return canon.Description{}, fmt.Errorf("value --misere: %s is a game of kind %s: a misère canonical form needs an impartial game that ends (try nimber value --game %s without --misere)",
			flag, info.Kind, g.name)
	}
	ps := make([]game.Position, len(positions))
	for i, text := range positions {
		if ps[i], err = g.Parse(text); err != nil {
			return canon.Description{}, fmt.Errorf("value --misere: %s: position %d %s: %w", flag, i+1, quoteArg(text), g.annotate(err))
		}
	}
	t := canon.New(f.misereTableSize())
	form, err := t.FromGame(ctx, g, g.Join(ps...), 0)
	if err != nil {
		return canon.Description{}, fmt.Errorf("value --misere: %s: the value of positions 1..%d: %w", flag, len(ps), g.annotate(f.misereLimit(err)))
	}
	d, err := t.Describe(form)
	if err == nil && f.parts {
		err = t.DescribeParts(ctx, form, &d)
	}
	if err != nil {
		return canon.Description{}, fmt.Errorf("value --misere: %s: %w", flag, f.misereLimit(err))
	}
	return d, nil
}

// misereOutcome says who wins in each misère outcome class.
var misereOutcome = map[string]string{
	"N": "the player to move wins (misère play: who cannot move wins)",
	"P": "the player to move loses (misère play: who cannot move wins)",
}

// writeMisereValue writes a misère description in words.
func writeMisereValue(w io.Writer, d canon.Description) {
	fmt.Fprintln(w, d.Canonical)
	fmt.Fprintf(w, "misère outcome %s: %s\n", d.Outcome, misereOutcome[d.Outcome])
	fmt.Fprintf(w, "misère nim value %d, nim value %d\n", d.MisereNimValue, d.NimValue)
	fmt.Fprintf(w, "genus %s\n", d.Genus)
	fmt.Fprintf(w, "birthday %d\n", d.Birthday)
	fmt.Fprintf(w, "tame %s, generally tame %s, restive %s, restless %s\n", yesNo(d.Tame), yesNo(d.GenerallyTame), yesNo(d.Restive), yesNo(d.Restless))
	fmt.Fprintf(w, "mate %s\n", d.Mate)
	fmt.Fprintf(w, "options: %s\n", orNone(strings.Join(d.Options, ", ")))
	if p := d.Decomposition; p != nil {
		fmt.Fprintf(w, "prime %s, extraverted %s, introverted %s\n", yesNo(p.Prime), yesNo(p.Extraverted), yesNo(p.Introverted))
		fmt.Fprintf(w, "parts: %s\n", orNone(strings.Join(p.Parts, ", ")))
		for _, q := range p.Partitions {
			fmt.Fprintf(w, "partition: %s\n", orNone(strings.Join(q, " + ")))
		}
	}
}

// yesNo writes a class's test as yes or no.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
