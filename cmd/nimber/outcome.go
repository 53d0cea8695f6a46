package main

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"nimber/cgt"
	"nimber/game"
)

// outcomeFlags are outcome's flags: valueFlags' --game, --rules,
// --max-steps and --json, and the search's bounds.
type outcomeFlags struct {
	valueFlags
	// tableMiB is --memory: the search's table, or the Calc's memory when
	// the outcome comes from the canonical form; 0 for the default.
	tableMiB     int
	maxPositions int64
}

// outcomeReport is outcome's answer, and its --json.
type outcomeReport struct {
	Position   string `json:"position"`
	Outcome    string `json:"outcome"`
	LeftFirst  string `json:"left_first"`  // who wins with Left moving first
	RightFirst string `json:"right_first"` // who wins with Right moving first
	// Method is "search" (the game's search of wins and losses) or
	// "canonical form" (the position's value, Canonical).
	Method    string `json:"method"`
	Canonical string `json:"canonical,omitempty"`
	// Positions is what the search searched (table hits included), or the
	// distinct parts valued for the canonical form.
	Positions int64 `json:"positions"`
	Cutoffs   int64 `json:"cutoffs"`
	TableHits int64 `json:"table_hits"`
}

func newOutcomeCmd() *cobra.Command {
	var f outcomeFlags
	cmd := &cobra.Command{
		Use:   "outcome (--game NAME | --rules FILE) POSITION",
		Short: "Who wins a partizan position, moving first and second, by search where the game has one",
		Long: `outcome decides who wins one position of a partizan game with Left moving
first and with Right moving first: its outcome class, L, R, N or P.

A game with a search of wins and losses (Domineering: boards of up to 64
cells, 8 x 8) is searched without values, so outcome settles positions far past
what nimber value reaches. The search cuts with the game's bounds (Domineering:
a player whose safe moves, which the opponent can never take away, outnumber
the opponent's possible moves wins), keeps positions in a table of --memory
MiB (full, it overwrites; default 64) and stops after --max-positions positions
(0: no limit) or --timeout. The position is one whole board: the outcome of a
sum is not its parts' outcomes.

Any other partizan game (and a partizan rules file) gets its outcome from
the canonical form of POSITION, as nimber value computes it (a sum written
in the game's format is valued as one), within --memory MiB (default as
value's) and --max-positions distinct parts.`,
		Example: `  nimber outcome --game domineering '......|......|......|......|......|......'
  nimber outcome --game domineering '..#....|.......|.......|.......|.......|.......|.......' --json
  nimber outcome --game domineering --memory 1024 '........|........|........|........|........|........|........|........'
  nimber outcome --game clobber 'xox|ox.'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("outcome takes one POSITION, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if (f.game == "") == (f.rules == "") {
				return fmt.Errorf("outcome needs --game NAME or --rules FILE (one of them), the game of POSITION")
			}
			if f.tableMiB < 0 || f.maxPositions < 0 {
				return fmt.Errorf("--memory %d MiB, --max-positions %d: want 0 (the default, no limit) or more", f.tableMiB, f.maxPositions)
			}
			g, err := f.partizanGame("outcome")
			if err != nil {
				return err
			}
			rep, err := f.decide(cmd, g, args[0])
			if err != nil {
				return fmt.Errorf("outcome: %s: position %s: %w", f.source(g), quoteArg(args[0]), g.annotate(err))
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			if f.asJSON {
				return flushJSON(out, rep)
			}
			fmt.Fprintf(out, "outcome %s: %s\n", rep.Outcome, partizanOutcome[rep.Outcome])
			fmt.Fprintf(out, "Left moving first: %s wins\n", rep.LeftFirst)
			fmt.Fprintf(out, "Right moving first: %s wins\n", rep.RightFirst)
			if rep.Method == "search" {
				fmt.Fprintf(out, "by search: %d positions searched (%d table hits), %d settled by the game's bounds\n", rep.Positions, rep.TableHits, rep.Cutoffs)
			} else {
				fmt.Fprintf(out, "by its canonical form %s (%d distinct parts valued)\n", rep.Canonical, rep.Positions)
			}
			return out.Flush()
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.game, "game", "", "the partizan game of POSITION, e.g. domineering")
	fl.StringVar(&f.rules, "rules", "", "a partizan rules file (left(p) and right(p)) whose position POSITION is")
	fl.Var(&f.maxSteps, "max-steps", "with --rules: the most Starlark steps one call of left or right may take")
	fl.IntVar(&f.tableMiB, "memory", 0, "MiB of the search's table (0: the game's default, 64 for domineering), or of the canonical forms for a game without a search (0: as value's)")
	fl.Int64Var(&f.maxPositions, "max-positions", 0, "give up after searching this many positions (distinct parts for a canonical form); 0: no limit")
	fl.BoolVar(&f.asJSON, "json", false, "print the answer as JSON")
	return cmd
}

// decide finds who wins position of g: by the game's search when it has
// one, else by the position's canonical form.
func (f outcomeFlags) decide(cmd *cobra.Command, g *chosenGame, position string) (outcomeReport, error) {
	rep := outcomeReport{Position: position}
	if s, ok := game.OutcomeSearcherOf(g); ok {
		res, err := s.SearchOutcome(cmd.Context(), position, game.OutcomeOptions{TableMiB: f.tableMiB, MaxNodes: f.maxPositions})
		if errors.Is(err, game.ErrSearchLimit) {
			return rep, fmt.Errorf("not settled within --max-positions %d", f.maxPositions)
		}
		if err != nil {
			return rep, err
		}
		rep.Method, rep.Positions, rep.Cutoffs, rep.TableHits = "search", res.Nodes, res.Cutoffs, res.TableHits
		rep.setOutcome(res.LeftFirst, res.RightFirst)
		return rep, nil
	}
	pos, err := g.Parse(position)
	if err != nil {
		return rep, err
	}
	pg, _ := game.PartizanOf(g)
	mib := f.tableMiB
	if mib == 0 {
		mib = defaultValueMemory()
	}
	c := cgt.New(int64(mib) << 20)
	e := pg.NewEvaluator(c)
	e.MaxParts = int(min(f.maxPositions, 1<<40))
	x, _, err := pg.Values(cmd.Context(), e, pos)
	if err != nil {
		f.memory = mib
		return rep, f.limit(err)
	}
	o := c.OutcomeOf(x).String()
	rep.Method, rep.Canonical, rep.Positions = "canonical form", c.String(x), int64(e.Len())
	rep.setOutcome(o == "L" || o == "N", o == "R" || o == "N")
	return rep, nil
}

// setOutcome sets who wins with each player moving first and the outcome
// class they make.
func (r *outcomeReport) setOutcome(leftFirst, rightFirst bool) {
	r.LeftFirst, r.RightFirst = "Right", "Left"
	if leftFirst {
		r.LeftFirst = "Left"
	}
	if rightFirst {
		r.RightFirst = "Right"
	}
	r.Outcome = map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{leftFirst, rightFirst}]
}
