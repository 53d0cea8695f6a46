package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/compound"
	"nimber/game"
	"nimber/sg"
)

func newTableCmd() *cobra.Command {
	var size, to, maxPositions int
	var moves, function, format, set, position, family string
	var gf gameFlag
	cmd := &cobra.Command{
		Use:   "table (knights | subtraction | GAME | --rules FILE) [flags]",
		Short: "Print a table of an invariant over a game's positions",
		Long: `table prints one invariant of every position of a game, the values that decide
the compounds: grundy, grundy-misere, remoteness, remoteness-misere, suspense,
suspense-misere, w and w-misere (w-numbers print SL and SW as words).

  knights      a token on an N x N board moving by --moves (default: the seed's
               knight steps (+1,-2), (-1,-2), (-2,+1), (-2,-1)); N lines of N values
  subtraction  a heap from which a move removes an amount in --set; one line per
               heap size 0..--to, "size value"
  GAME         any game of "nimber games" with heaps (0.77, nim, allbut:1,3): one
               line per heap 0..--to; or whose positions are squares of a board
               (knights:STEPS): one line per row of the board --position (e.g. 8x8)
  --rules FILE your own game whose positions are integers: heaps 0..--to

--function canonical tabulates the canonical forms of a partizan GAME's family
of positions, --family NAME, for n = 1..--to: one line "n canonical-form" per
member. Domineering's families are KxN (K rows, a number: 1xN, 2xN, 3xN, and n
columns), NxK (n rows, K columns) and NxN (squares), all empty boards.
Toads and Frogs' are rows written as patterns: T, F and . each repeated n
times when followed by ^N, k times by ^k, e.g. T^N.F^N or T^N.^2F^N.

--format csv writes comma-separated rows; --format json an array of rows
(boards) or of values (heaps), or for --function canonical an array of
{"n", "position", "canonical", "outcome"}.`,
		Example: `  nimber table knights --size 8 --function grundy
  nimber table knights --size 8 --function w --format csv
  nimber table subtraction --set 1,3,4 --to 20 --function grundy
  nimber table allbut:1,2 --to 20 --function remoteness
  nimber table --rules examples/rules/kayles.star --to 30
  nimber table domineering --function canonical --family 2xN --to 8
  nimber table toads-frogs --function canonical --family 'T^N.^2F^N' --to 5`,
		Args: func(cmd *cobra.Command, args []string) error {
			if want := 1 - min(len(gf.rules), 1); len(args) != want {
				return fmt.Errorf("table takes one game: knights, subtraction or a GAME, or --rules FILE alone (see nimber table --help)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "csv" && format != "json" {
				return fmt.Errorf("--format %q is not one of text, csv, json", format)
			}
			if function == "canonical" {
				g, _, err := gf.resolve(args)
				if err != nil {
					return err
				}
				return canonicalTable(cmd, g, family, to, format)
			}
			if family != "" {
				return fmt.Errorf("--family %s: families are tables of canonical forms of partizan games: give --function canonical", family)
			}
			if !slices.Contains(compound.Functions, function) {
				return fmt.Errorf("--function %q is not one of %s, canonical", function, strings.Join(compound.Functions, ", "))
			}
			name := ""
			if len(args) > 0 {
				name = args[0]
			}
			switch name {
			case "knights":
				if size < 1 {
					return fmt.Errorf("--size %d: want a board side of at least 1", size)
				}
				name, position = "knights", fmt.Sprintf("%dx%d", size, size)
				if moves != "" {
					name += ":" + moves
				}
			case "subtraction":
				name = "sub:" + set
			}
			resolveArgs := args
			if name != "" {
				resolveArgs = []string{name}
			}
			g, _, err := gf.resolve(resolveArgs)
			switch {
			case err == nil:
			case len(args) > 0 && args[0] == "subtraction":
				return fmt.Errorf("subtraction set %q: %w", set, err)
			case gf.rules == "":
				return fmt.Errorf("table takes knights or subtraction or a game of nimber games: %w", err)
			default:
				return err
			}
			rows, heaps, err := tablePositions(g, to, position, maxPositions)
			if err != nil {
				return err
			}
			var flat []game.Position
			for _, row := range rows {
				flat = append(flat, row...)
			}
			act := startActivity(cmd.ErrOrStderr(), g.name+": table", 0)
			gr, inv, err := compound.ComputeGame(cmd.Context(), g, flat, maxPositions)
			act.stop()
			if _, cyclic := errors.AsType[*compound.CycleError](err); cyclic {
				if function != "grundy" {
					return g.annotate(fmt.Errorf("--function %s needs a game whose positions do not repeat (only grundy has values, generalised ones, when they do): %w", function, err))
				}
				return loopyTable(cmd, g, rows, flat, maxPositions, format, heaps)
			}
			err = positionsError(err)
			if err != nil && heaps {
				return g.annotateHeaps(err, to)
			}
			if err != nil {
				return g.annotate(err)
			}
			table := make([][]string, len(rows))
			k := 0
			for i, row := range rows {
				table[i] = make([]string, len(row))
				for j := range row {
					table[i][j], _ = inv.Value(function, gr.Roots()[k])
					k++
				}
			}
			return writeTable(cmd, table, format, heaps)
		},
	}
	f := cmd.Flags()
	f.IntVar(&size, "size", 8, "knights: the board is size x size")
	f.StringVar(&moves, "moves", "", `knights: steps as (row,col) pairs, e.g. "1,-2;-1,-2;-2,1;-2,-1"`)
	f.StringVar(&set, "set", "1,2", "subtraction: the amounts a move may remove, e.g. 1,3,4")
	f.IntVar(&to, "to", 20, "games with heaps: the largest heap")
	f.StringVar(&position, "position", "", "games on a board: the board, e.g. 8x8")
	f.StringVar(&function, "function", "grundy", "the invariant: grundy, grundy-misere, remoteness, remoteness-misere, suspense, suspense-misere, w, w-misere, or canonical (partizan games, with --family)")
	f.StringVar(&family, "family", "", "--function canonical: the family of positions, e.g. 2xN for Domineering's 2 x n strips (n = 1..--to)")
	f.StringVar(&format, "format", "text", "text, csv or json")
	gf.register(f)
	registerMaxPositions(f, &maxPositions)
	return cmd
}

// MaxTableHeap bounds --to of a table of heaps.
const MaxTableHeap = 1 << 20

// tablePositions returns the positions of a table of g, in rows: a heap a
// row for games with heaps (heaps reports it), else the squares of the
// board written position.
func tablePositions(g *chosenGame, to int, position string, maxPositions int) (rows [][]game.Position, heaps bool, err error) {
	if h, ok := game.HeapsOf(g); position == "" && ok {
		if to < 0 || to > MaxTableHeap {
			return nil, false, fmt.Errorf("--to %d out of range 0..%d", to, MaxTableHeap)
		}
		if maxPositions > 0 && to >= maxPositions {
			// Every heap is a position of the table: refuse before any is
			// explored.
			return nil, false, fmt.Errorf("--to %d: a table of %d heaps is more than --max-positions %d%s", to, to+1, maxPositions, overMemory(int64(to)+1))
		}
		for n := 0; n <= to; n++ {
			p, err := h.Heap(n)
			if err != nil {
				return nil, false, g.annotateHeaps(err, to)
			}
			rows = append(rows, []game.Position{p})
		}
		return rows, true, nil
	}
	if position == "" {
		return nil, false, fmt.Errorf("%s has no heaps: give the board of the table with --position", g.name)
	}
	pos, err := g.Parse(position)
	if err != nil {
		return nil, false, g.annotate(err)
	}
	sq, ok := game.SquaresOf(g)
	if !ok {
		return nil, false, fmt.Errorf("%s: this game's positions are not squares of a board, so it has no table", g.name)
	}
	if rows, err = sq.Squares(pos, maxPositions); err != nil {
		return nil, false, fmt.Errorf("%s: %w", g.name, positionsError(err))
	}
	return rows, false, nil
}

// writeTable prints the values; heaps prefixes each row with its heap size
// in text and csv.
func writeTable(cmd *cobra.Command, table [][]string, format string, heaps bool) error {
	out := cmd.OutOrStdout()
	switch format {
	case "json":
		conv := func(s string) any {
			if n, err := strconv.Atoi(s); err == nil {
				return n
			}
			return s
		}
		var doc any
		if heaps {
			vals := make([]any, len(table))
			for i, row := range table {
				vals[i] = conv(row[0])
			}
			doc = vals
		} else {
			rows := make([][]any, len(table))
			for i, row := range table {
				rows[i] = make([]any, len(row))
				for j, s := range row {
					rows[i][j] = conv(s)
				}
			}
			doc = rows
		}
		return json.NewEncoder(out).Encode(doc)
	case "csv":
		w := csv.NewWriter(out)
		for i, row := range table {
			if heaps {
				row = append([]string{strconv.Itoa(i)}, row...)
			}
			if err := w.Write(row); err != nil {
				return err
			}
		}
		w.Flush()
		return w.Error()
	}
	var b strings.Builder
	for i, row := range table {
		if heaps {
			fmt.Fprintf(&b, "%d ", i)
		}
		b.WriteString(strings.Join(row, " "))
		b.WriteByte('\n')
	}
	_, err := fmt.Fprint(out, b.String())
	return err
}

// loopyTable writes the table of generalised Sprague–Grundy values of the
// positions rows (flat, in order) of g, a game whose positions repeat: the
// graph of every position reachable from them (within maxPositions)
// labelled by sg.Generalize. A finite value is written as a number, ∞(K) as
// ∞(0,1) in text and csv and {"inf": K} in JSON.
func loopyTable(cmd *cobra.Command, g *chosenGame, rows [][]game.Position, flat []game.Position, maxPositions int, format string, heaps bool) error {
	act := startActivity(cmd.ErrOrStderr(), g.name+": table of positions that repeat", 0)
	gr, err := g.Explore(cmd.Context(), flat, maxPositions)
	if err != nil {
		act.stop()
		return g.annotate(positionsError(err))
	}
	l, err := sg.Generalize(cmd.Context(), gr.Len(), gr.Options, defaultMaxMemory())
	act.stop()
	if err != nil {
		return fmt.Errorf("%s: %w", g.name, err)
	}
	values := make([][]game.Value, len(rows))
	text := make([][]string, len(rows))
	k := 0
	for i, row := range rows {
		for range row {
			v := loopyValue(l, gr.Roots()[k])
			values[i] = append(values[i], v)
			text[i] = append(text[i], v.String())
			k++
		}
	}
	if format != "json" {
		return writeTable(cmd, text, format, heaps)
	}
	var doc any = values
	if heaps {
		flatValues := make([]game.Value, len(values))
		for i, row := range values {
			flatValues[i] = row[0]
		}
		doc = flatValues
	}
	return json.NewEncoder(cmd.OutOrStdout()).Encode(doc)
}
