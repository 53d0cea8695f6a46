package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/game"
)

// familyRow is one member of a table of canonical forms, as --format json
// writes it.
type familyRow struct {
	N         int    `json:"n"`
	Position  string `json:"position"`
	Canonical string `json:"canonical"`
	Outcome   string `json:"outcome"`
}

// canonicalTable writes the canonical forms of members 1..to of the
// family of positions of g (a partizan game with game.Families), valued
// by one Evaluator so that a region met in several members is valued
// once, in a Calc bounded as nimber value's default --memory bounds it.
// Every member is read (and refused when over the game's limits) before
// any is valued.
func canonicalTable(cmd *cobra.Command, g *chosenGame, family string, to int, format string) error {
	pg, ok := game.PartizanOf(g)
	if !ok {
		return fmt.Errorf("--function canonical: %s is a game of kind %s, valued by Grundy values (try --function grundy)", g.name, g.Info().Kind)
	}
	fs, ok := game.FamiliesOf(g)
	if !ok {
		return fmt.Errorf("--function canonical: %s has no families of positions to tabulate (try nimber value --game %s POSITION)", g.name, g.name)
	}
	if family == "" {
		return fmt.Errorf("--function canonical takes --family: %s", familyNames(fs))
	}
	if to < 1 || to > game.MaxFamilyMember {
		return fmt.Errorf("--to %d out of range 1..%d (the largest n of --family %s)", to, game.MaxFamilyMember, family)
	}
	positions := make([]game.Position, to)
	rows := make([]familyRow, to)
	for n := 1; n <= to; n++ {
		text, err := fs.Member(family, n)
		if err == nil {
			positions[n-1], err = g.Parse(text)
		}
		if err != nil {
			if n == 1 {
				return fmt.Errorf("--family %s: %w", family, err)
			}
			return fmt.Errorf("--family %s --to %d: member %d: %w", family, to, n, err)
		}
		rows[n-1] = familyRow{N: n, Position: text}
	}
	c := cgt.New(int64(defaultValueMemory()) << 20)
	e := pg.NewEvaluator(c)
	act := startActivity(cmd.ErrOrStderr(), g.name+": table of canonical forms", to)
	for i, pos := range positions {
		x, _, err := pg.Values(cmd.Context(), e, pos)
		if err != nil {
			act.stop()
			return fmt.Errorf("--family %s: member %d: %w", family, i+1, err)
		}
		rows[i].Canonical, rows[i].Outcome = c.String(x), c.OutcomeOf(x).String()
		act.set(i + 1)
	}
	act.stop()
	return writeFamily(cmd, rows, format)
}

// familyNames lists the families of fs for an error message.
func familyNames(fs game.Families) string {
	var names []string
	for _, f := range fs.Families() {
		names = append(names, fmt.Sprintf("%s (%s)", f.Name, f.About))
	}
	return strings.Join(names, ", ")
}

// writeFamily writes a table of canonical forms: "n canonical" lines in
// text and csv (as the tables of heaps write "heap value"), an array of
// familyRow in JSON.
func writeFamily(cmd *cobra.Command, rows []familyRow, format string) error {
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
