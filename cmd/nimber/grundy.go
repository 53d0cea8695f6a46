package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/play"
	"nimber/sg"
)

// grundyReport is the JSON answer of grundy.
type grundyReport struct {
	Game     string       `json:"game"`
	Position string       `json:"position"`
	Values   []game.Value `json:"values"`
	Parts    []play.Part  `json:"parts"`
	NimSum   game.Value   `json:"nim_sum"`
	Outcome  string       `json:"outcome"`
	// WinningMove is a winning move, null when the player to move loses.
	WinningMove *winningMove `json:"winning_move"`
	// DrawingMove is a move that keeps a draw, given only when the
	// outcome is D (a game whose positions repeat).
	DrawingMove *winningMove `json:"drawing_move,omitempty"`
}

// winningMove is a move of grundy's answer.
type winningMove struct {
	Part     int    `json:"part"` // 0-based
	Move     string `json:"move"`
	Position string `json:"position"` // the whole position after it
}

// newGrundyReport is grundy's answer for the analysis a of a sum,
// written position: each part's value and the sum's, and its outcome (no
// move yet).
func newGrundyReport(g *chosenGame, position string, a *game.Analysis) grundyReport {
	rep := grundyReport{Game: g.name, Position: position, NimSum: a.Value, Outcome: a.Outcome.String(),
		Values: []game.Value{}, Parts: []play.Part{}}
	for _, p := range a.Parts {
		rep.Values = append(rep.Values, p.Value)
		rep.Parts = append(rep.Parts, play.Part{Position: p.Text, Value: p.Value})
	}
	return rep
}

// writeGrundy prints rep, the answer for the sum pos: as JSON, or as a
// line for each part, the line sum about the whole, and the winning or
// drawing move if any.
func writeGrundy(cmd *cobra.Command, g *chosenGame, pos game.Position, rep grundyReport, sum string, asJSON bool) error {
	return printAnswer(cmd, rep, asJSON, func(out io.Writer, rep grundyReport) {
		noun := g.Info().Noun
		for i, v := range rep.Values {
			fmt.Fprintf(out, "%s %d: %s, G = %v\n", noun, i+1, g.DescribePart(pos, i), v)
		}
		fmt.Fprintln(out, sum)
		if w := rep.WinningMove; w != nil {
			fmt.Fprintf(out, "winning move: in %s %d, %s\n", noun, w.Part+1, w.Move)
		}
		if d := rep.DrawingMove; d != nil {
			fmt.Fprintf(out, "drawing move: in %s %d, %s\n", noun, d.Part+1, d.Move)
		}
	})
}

func newGrundyCmd() *cobra.Command {
	var gf gameFlag
	var asJSON bool
	var engine string
	var misereFlag, quotientFirst bool
	var budget int
	var graphPath, maxMemory string
	var maxPositions int
	cmd := &cobra.Command{
		Use:   "grundy (GAME | --rules FILE | --graph FILE) POSITION...",
		Short: "Values of a sum of positions, its nim-sum, outcome and a winning move",
		Long: `grundy prints the Grundy value of each part of a sum of positions (each
POSITION argument a position of the game, such as a heap), their nim-sum, the
outcome (N: the player to move wins) and a winning move when there is one. GAME
is any game of "nimber games": a heap game's code (0.77, grundy, sub:1,3,4),
nim, a board game with its board as a position, ...; --rules FILE takes your
own game from a rules file instead. --json prints values, nim_sum, outcome,
parts and winning_move.

--graph FILE takes a game graph in JSON ({"options": [[1], [0, 2], []],
"names": ["a", "b", "c"]}), whose play may return to earlier positions, and
each POSITION a position of it, by name or index: one token on each, a move
moving one token along an option. Each part gets its generalised
Sprague–Grundy value, a number or ∞(K) (K the finite values among its
options); the sum is won (N), lost (P) or drawn (D: neither player can force a
win). --json prints values (an integer or {"inf": K}), outcome, winning_move
(part, 0-based, and the position moved to, or null) and, for a draw,
drawing_move, a move that keeps it.

A game whose moves come back to an earlier position (a --rules file whose
moves repeat a position) is valued the same way, over the graph of every
position reachable from the parts (at most --max-positions).`,
		Example: `  nimber grundy 0.77 5 7 9
  nimber grundy 0.77 5 7 9 12 --misere
  nimber grundy --rules examples/rules/kayles.star 5 7 9 --misere --json
  nimber grundy grundy 10 20 --json
  nimber grundy --rules examples/rules/kayles.star 5 7 9
  nimber grundy --graph examples/graphs/loopy.json trap one --json
  nimber grundy --rules examples/rules/take_or_add.star 2 9`,
		RunE: func(cmd *cobra.Command, args []string) error {
			limit := defaultMaxMemory()
			if maxMemory != "" {
				n, err := parseBytes(maxMemory)
				if err != nil {
					return fmt.Errorf("--max-memory: %w", err)
				}
				limit = n
			}
			if graphPath != "" {
				if misereFlag || gf.rules != "" {
					return fmt.Errorf("--graph takes its game from the graph file: give neither --misere nor --rules with it")
				}
				return graphGrundy(cmd, graphPath, args, asJSON, limit)
			}
			if misereFlag {
				return misereGrundy(cmd, gf, args, misereFlags{asJSON: asJSON, budget: budget, quotient: quotientFirst})
			}
			g, pos, err := gf.sum(cmd, args)
			if err != nil {
				return err
			}
			if kind := g.Info().Kind; kind == game.Partizan {
				return fmt.Errorf("%s is %s (%s): it has canonical forms, not Grundy values; use %s", g.name, kind, kind.Why(), g.valueCommand())
			} else if kind != game.Impartial {
				return fmt.Errorf("%s is %s (positions can repeat): it has outcomes, not Grundy values; use nimber explain or analyze", g.name, kind)
			}
			act := startActivity(cmd.ErrOrStderr(), g.name, 0)
			a, err := g.Analyze(cmd.Context(), pos, game.Options{Engine: game.Engine(engine), Limit: maxPositions, MaxMemory: limit})
			act.stop()
			if err != nil {
				return g.annotate(positionsError(err))
			}
			if a.Cyclic {
				// Positions repeat: generalised Sprague–Grundy values.
				return loopyGrundy(cmd, g, pos, a, asJSON)
			}
			rep := newGrundyReport(g, a.Text, a)
			for _, m := range a.Moves {
				if m.Winning {
					rep.WinningMove = &winningMove{Part: m.Part, Move: m.Text, Position: g.Format(m.Next)}
					break
				}
			}
			sum := fmt.Sprintf("nim-sum %v: N, the player to move wins", a.Value)
			if a.Outcome == sg.P {
				sum = fmt.Sprintf("nim-sum %v: P, the player to move loses", a.Value)
			}
			return writeGrundy(cmd, g, pos, rep, sum, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the answer as JSON")
	cmd.Flags().StringVar(&graphPath, "graph", "", `a game graph FILE in JSON, cycles allowed ({"options": [[...], ...], "names": [...]}); the POSITIONs are its positions, by name or index`)
	cmd.Flags().StringVar(&maxMemory, "max-memory", "", "with --graph, or a game whose positions repeat: refuse a graph whose values' memory estimate exceeds this, e.g. 512MiB (default: half the memory this process may use; see nimber doctor)")
	cmd.Flags().BoolVar(&misereFlag, "misere", false, "misère play (the player who cannot move wins): the outcome and a winning move (heap games by code, any other game or --rules FILE by exact search)")
	cmd.Flags().IntVar(&budget, "budget", defaultMisereBudget(), "with --misere: the most positions the search keeps (about 100 bytes each; the default fits the memory limit of nimber doctor)")
	cmd.Flags().BoolVar(&quotientFirst, "quotient", true, "with --misere, for a heap game by code: try first, for up to 10 s, the misère quotient of the heaps up to the largest")
	cmd.Flags().StringVar(&engine, "engine", "fast", "fast (the game's own solver) or generic (the generic memoized solver, an independent check)")
	registerMaxPositions(cmd.Flags(), &maxPositions)
	gf.register(cmd.Flags())
	return cmd
}
