package main

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"nimber/games/domineering"
)

// outcomeFlags are outcome's flags.
type outcomeFlags struct {
	game         string
	memory       int // MiB of the transposition table
	maxPositions int64
	asJSON       bool
}

// outcomeReport is outcome's answer, and its --json.
type outcomeReport struct {
	Board      string `json:"board"`
	Rows       int    `json:"rows"`
	Cols       int    `json:"cols"`
	Outcome    string `json:"outcome"`
	LeftFirst  string `json:"left_first"`  // who wins with Left moving first
	RightFirst string `json:"right_first"` // who wins with Right moving first
	Positions  int64  `json:"positions"`
	Cutoffs    int64  `json:"cutoffs"`
	TableHits  int64  `json:"table_hits"`
}

func newOutcomeCmd() *cobra.Command {
	var f outcomeFlags
	cmd := &cobra.Command{
		Use:   "outcome --game domineering BOARD",
		Short: "Who wins a board too big for canonical forms, moving first and second, by a search of wins and losses",
		Long: `outcome decides who wins one board with Left moving first and with Right
moving first (its outcome class: L, R, N or P) by a search of wins and losses
alone, without values, so it settles boards far past what nimber value reaches:
Domineering rectangles up to 64 cells (8 x 8). The search cuts with safe moves
(a player whose moves the opponent can never take away, more of them than the
opponent's possible moves, wins), keeps positions in a transposition table of
--memory MiB (full, it overwrites), and stops after --max-positions positions
(0: no limit) or --timeout. It says nothing of a sum with other games: for
that, nimber value --game.`,
		Example: `  nimber outcome --game domineering '......|......|......|......|......|......'
  nimber outcome --game domineering '..#....|.......|.......|.......|.......|.......|.......' --json
  nimber outcome --game domineering --memory 1024 '........|........|........|........|........|........|........|........'`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("outcome takes one BOARD, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.game == "" {
				return fmt.Errorf("outcome needs --game domineering, the game of BOARD")
			}
			if f.game != "domineering" {
				return fmt.Errorf("outcome --game %s: the outcome search knows domineering only (for other games: nimber value --game)", quoteArg(f.game))
			}
			if f.memory < 1 || f.memory > domineering.MaxOutcomeTableMiB {
				return fmt.Errorf("--memory %d MiB out of range 1..%d", f.memory, domineering.MaxOutcomeTableMiB)
			}
			g, err := domineering.ParseBoard(args[0])
			if err != nil {
				return fmt.Errorf("outcome --game domineering: board %s: %w", quoteArg(args[0]), err)
			}
			res, err := domineering.SolveOutcome(cmd.Context(), g, domineering.OutcomeOptions{TableMiB: f.memory, MaxNodes: f.maxPositions})
			if errors.Is(err, domineering.ErrOutcomeLimit) {
				return fmt.Errorf("outcome --game domineering: the board %s is not settled within --max-positions %d", quoteArg(args[0]), f.maxPositions)
			}
			if err != nil {
				return fmt.Errorf("outcome --game domineering: %w", err)
			}
			rep := outcomeReport{Board: args[0], Rows: g.Rows, Cols: g.Cols, LeftFirst: "Right", RightFirst: "Left",
				Positions: res.Nodes, Cutoffs: res.Cutoffs, TableHits: res.TableHits}
			if res.LeftFirst {
				rep.LeftFirst = "Left"
			}
			if res.RightFirst {
				rep.RightFirst = "Right"
			}
			rep.Outcome = map[[2]bool]string{{true, true}: "N", {true, false}: "L", {false, true}: "R", {false, false}: "P"}[[2]bool{res.LeftFirst, res.RightFirst}]
			out := bufio.NewWriter(cmd.OutOrStdout())
			if f.asJSON {
				return flushJSON(out, rep)
			}
			fmt.Fprintf(out, "outcome %s: %s\n", rep.Outcome, partizanOutcome[rep.Outcome])
			fmt.Fprintf(out, "Left moving first: %s wins\n", rep.LeftFirst)
			fmt.Fprintf(out, "Right moving first: %s wins\n", rep.RightFirst)
			fmt.Fprintf(out, "%d positions searched (%d table hits), %d settled by safe moves\n", rep.Positions, rep.TableHits, rep.Cutoffs)
			return out.Flush()
		},
	}
	cmd.Flags().StringVar(&f.game, "game", "", "the game of BOARD: domineering")
	cmd.Flags().IntVar(&f.memory, "memory", domineering.DefaultOutcomeTableMiB, "MiB of the transposition table")
	cmd.Flags().Int64Var(&f.maxPositions, "max-positions", 0, "give up after searching this many positions; 0: no limit")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the answer as JSON")
	return cmd
}
