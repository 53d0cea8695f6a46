package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/game"
	"nimber/play"
)

// canonicalTable writes the canonical forms of members 1..to of the
// family of positions of g (a partizan game with game.Families), as
// play.ReadFamily and FamilyTable.Value make them: valued by one Evaluator
// so that a region met in several members is valued once, in a Calc
// bounded as nimber value's default --memory bounds it. Every member is
// read (and refused when over the game's limits) before any is valued.
func canonicalTable(cmd *cobra.Command, g *chosenGame, family string, to int, format string) error {
	t, err := play.ReadFamily(g, family, to)
	if err != nil {
		return familyError(g, family, to, err)
	}
	c := cgt.New(int64(defaultValueMemory()) << 20)
	act := startActivity(cmd.ErrOrStderr(), g.name+": table of canonical forms", to)
	err = t.Value(cmd.Context(), c, act.set)
	act.stop()
	if err != nil {
		return fmt.Errorf("--family %s: %w", family, err)
	}
	return writeFamily(cmd, t.Rows, format)
}

// familyError says why play.ReadFamily refused a table, in the terms of
// the flags.
func familyError(g *chosenGame, family string, to int, err error) error {
	switch {
	case errors.Is(err, play.ErrNotPartizan):
		return fmt.Errorf("--function canonical: %s is a game of kind %s, valued by Grundy values (try --function grundy)", g.name, g.Info().Kind)
	case errors.Is(err, play.ErrNoFamilies):
		return fmt.Errorf("--function canonical: %s has no families of positions to tabulate (try nimber value --game %s POSITION)", g.name, g.name)
	case errors.Is(err, play.ErrNoFamily):
		fs, _ := game.FamiliesOf(g)
		return fmt.Errorf("--function canonical takes --family: %s", play.FamilyNames(fs))
	case errors.Is(err, play.ErrFamilyRange):
		return fmt.Errorf("--to %d out of range 1..%d (the largest n of --family %s)", to, game.MaxFamilyMember, family)
	}
	if me, ok := errors.AsType[*play.MemberError](err); ok && me.N == 1 {
		return fmt.Errorf("--family %s: %w", family, me.Err)
	}
	return fmt.Errorf("--family %s --to %d: %w", family, to, err)
}

// writeFamily writes a table of canonical forms: "n canonical" lines in
// text and csv (as the tables of heaps write "heap value"), an array of
// play.FamilyRow in JSON.
func writeFamily(cmd *cobra.Command, rows []play.FamilyRow, format string) error {
	out := cmd.OutOrStdout()
	switch format {
	case "json":
		return json.NewEncoder(out).Encode(rows)
	case "csv":
		w := csv.NewWriter(out)
		for _, r := range rows {
			if err := w.Write([]string{strconv.Itoa(r.N), r.Canonical}); err != nil {
				return err
			}
		}
		w.Flush()
		return w.Error()
	}
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%d %s\n", r.N, r.Canonical)
	}
	_, err := fmt.Fprint(out, b.String())
	return err
}
