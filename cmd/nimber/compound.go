package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"nimber/compound"
	"nimber/game"
)

// compoundGame is the explicit game graph the compound and table commands
// work on, with its positions' names.
type compoundGame struct {
	graph compound.GameGraph
	name  func(p int) string
	// annotate names where an error about the game comes from.
	annotate func(error) error
}

// compoundFlags select the game of a compound.
type compoundFlags struct {
	graph, board, moves, heapGame, game string
	gf                                  gameFlag
	maxPositions                        int
}

func (f *compoundFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.graph, "graph", "", `game graph in JSON: {"options": [[...], ...], "names": [...]}`)
	fs.StringVar(&f.board, "board", "", "a board of tokens instead of a graph, RxC (e.g. 8x8); components are squares row,col (1-based)")
	fs.StringVar(&f.moves, "moves", "", `the board's steps as (row,col) pairs, e.g. "1,-2;-1,-2;-2,1;-2,-1" (default: the seed's knight steps)`)
	fs.StringVar(&f.heapGame, "heap-game", "", "a heap game (e.g. 0.77, grundy, sub:1,3,4); components are heap positions such as 7 or 5+3")
	fs.StringVar(&f.game, "game", "", "any game of nimber games; components are its positions")
	f.gf.register(fs)
	registerMaxPositions(fs, &f.maxPositions)
}

// load builds the graph of the components given as text, and returns them
// as its positions.
func (f *compoundFlags) load(ctx context.Context, components []string) (*compoundGame, []int, error) {
	given := 0
	for _, s := range []string{f.graph, f.board, f.heapGame, f.game, f.gf.rules} {
		if s != "" {
			given++
		}
	}
	if given > 1 {
		return nil, nil, fmt.Errorf("give one of --graph, --board, --heap-game, --game and --rules")
	}
	if f.graph != "" {
		return loadGraph(f.graph, components)
	}
	var g *chosenGame
	var err error
	texts := components
	switch {
	case f.board != "":
		name := "knights"
		if f.moves != "" {
			name += ":" + f.moves
		}
		g, _, err = f.gf.resolve([]string{name})
		texts = make([]string, len(components))
		for i, c := range components {
			texts[i] = f.board + " " + c
		}
	case f.heapGame != "":
		g, _, err = f.gf.resolve([]string{f.heapGame})
	case f.game != "":
		g, _, err = f.gf.resolve([]string{f.game})
	case f.gf.rules != "":
		g, _, err = f.gf.resolve(nil)
	default:
		return nil, nil, fmt.Errorf("give the game: --graph FILE, --board RxC, --heap-game CODE, --game NAME or --rules FILE")
	}
	if err != nil {
		return nil, nil, err
	}
	return exploreGame(ctx, g, texts, f.maxPositions)
}

// loadGraph reads a game graph file and resolves the components by name or
// index.
func loadGraph(path string, components []string) (*compoundGame, []int, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer file.Close()
	// Cycles are allowed: the disjunctive compound of such a graph is
	// decided by generalised values, and the other rules say why not.
	gr, err := compound.ParseLoopyGraph(file)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	comps := make([]int, len(components))
	for i, c := range components {
		if comps[i], err = gr.Position(c); err != nil {
			return nil, nil, err
		}
	}
	return &compoundGame{graph: gr, name: gr.Name, annotate: func(err error) error { return fmt.Errorf("%s: %w", path, err) }}, comps, nil
}

// exploreGame parses the components as positions of g and builds the graph
// of every position reachable from them.
func exploreGame(ctx context.Context, g *chosenGame, texts []string, maxPositions int) (*compoundGame, []int, error) {
	starts := make([]game.Position, len(texts))
	for i, t := range texts {
		p, err := g.Parse(t)
		if err != nil {
			return nil, nil, fmt.Errorf("component %d %q: %w", i+1, clip(t), g.annotate(err))
		}
		starts[i] = p
	}
	gr, err := g.Explore(ctx, starts, maxPositions)
	if err != nil {
		return nil, nil, g.annotate(positionsError(err))
	}
	return &compoundGame{graph: gr, name: gr.Name, annotate: g.annotate}, gr.Roots(), nil
}

func newCompoundCmd() *cobra.Command {
	var f compoundFlags
	var move, end, play string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "compound --move one|all|some --end long|short --play normal|misere (--graph FILE | --board RxC | --heap-game CODE | --game NAME | --rules FILE) P1 P2 ...",
		Short: "Decide a compound of several games under any of Conway's twelve rules",
		Long: `compound decides who wins a compound of games played at once: move in exactly
one component (one), in every component that has not ended (all), or in any
non-empty set of them (some); the compound ends when all components have ended
(long) or as soon as one has (short); the player who cannot move loses
(normal) or wins (misere). --move not-all is the seed slides' variant (long,
normal only): move in a non-empty set of components that is not all of them;
the player to move then loses exactly when all Grundy values are equal. It
prints the outcome (N: the player to move wins;
P: he loses), the invariant that decided it with each component's value, and
a winning move when there is one. Components are positions of a game graph
(by index or name), squares row,col of a board of tokens (--board), or
positions of any game: a heap game (--heap-game 0.77: heaps such as 7 or 5+3),
any game of "nimber games" (--game), or your own (--rules FILE).

Components whose play can return to an earlier position (a graph with
cycles, a game such as square-but-one) are decided in the disjunctive
compound only (one/long/normal, the sum), by their generalised
Sprague–Grundy values and Smith's theorem: N, P or D (a draw), with a winning
move or a move that keeps the draw. The other rules refuse them.`,
		Example: `  nimber compound --move one --end long --play normal --graph g.json 3 5 7
  nimber compound --move all --end short --play misere --board 8x8 1,3 5,6 --json
  nimber compound --move some --end short --play normal --board 8x8 --moves "1,-2;-2,1" 8,8
  nimber compound --move all --end long --play misere --heap-game 0.77 7 5+3
  nimber compound --move some --end short --play misere --rules examples/rules/kayles.star 4 7`,
		RunE: func(cmd *cobra.Command, args []string) error {
			rule, err := compound.ParseRule(move, end, play)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				if _, _, err := f.load(cmd.Context(), nil); err != nil {
					return err
				}
				return fmt.Errorf("give at least one component")
			}
			act := startActivity(cmd.ErrOrStderr(), "compound", 0)
			defer act.stop()
			g, comps, err := f.load(cmd.Context(), args)
			if err != nil {
				return err
			}
			inv, err := compound.Compute(cmd.Context(), g.graph)
			if ce, ok := errors.AsType[*compound.CycleError](err); ok {
				// Positions repeat: the sum by Smith's theorem, the other
				// rules refused.
				rep, err := compound.DecideLoopy(cmd.Context(), g.graph, comps, rule, g.name, defaultMaxMemory())
				if err != nil {
					return g.annotate(fmt.Errorf("%w (%v)", err, ce))
				}
				return writeLoopyCompound(cmd, rep, asJSON)
			}
			if err != nil {
				return g.annotate(err)
			}
			rep, err := inv.Report(cmd.Context(), comps, rule, g.name)
			if err != nil {
				return g.annotate(err)
			}
			return writeCompound(cmd, asJSON, rep, rep.ReportHead, len(rep.Components), func(i int) (string, any) {
				return rep.Components[i].Name, rep.Components[i].Value
			}, func(b *strings.Builder) {
				writeCompoundMove(b, "winning move", rep.WinningMove)
				if rep.WinningMove == nil && rep.Outcome == "N" {
					fmt.Fprintln(b, "winning move: none needed: the player to move cannot move, and under misère play that wins")
				}
			})
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&move, "move", "one", "move in one, all or some components (or not-all: the slides' variant)")
	fs.StringVar(&end, "end", "long", "the compound ends when all (long) or any (short) component has ended")
	fs.StringVar(&play, "play", "normal", "normal (no move loses) or misere (no move wins)")
	fs.BoolVar(&asJSON, "json", false, "print the answer as JSON")
	f.register(cmd)
	return cmd
}

// writeLoopyCompound prints the answer of a disjunctive compound of
// components whose positions repeat.
func writeLoopyCompound(cmd *cobra.Command, rep *compound.LoopyReport, asJSON bool) error {
	return writeCompound(cmd, asJSON, rep, rep.ReportHead, len(rep.Components), func(i int) (string, any) {
		return rep.Components[i].Name, rep.Components[i].Value
	}, func(b *strings.Builder) {
		writeCompoundMove(b, "winning move", rep.WinningMove)
		writeCompoundMove(b, "drawing move", rep.DrawingMove)
	})
}

// writeCompound prints the answer of a compound: rep as JSON, or its head
// h with its n components (writeReportHead) and what moves writes.
func writeCompound(cmd *cobra.Command, asJSON bool, rep any, h compound.ReportHead, n int, component func(i int) (string, any), moves func(b *strings.Builder)) error {
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), rep)
	}
	var b strings.Builder
	writeReportHead(&b, h, n, component)
	moves(&b)
	_, err := fmt.Fprint(cmd.OutOrStdout(), b.String())
	return err
}

// writeReportHead writes what every compound's answer begins with: its
// name and rule, its n components each with its name and value
// (component(i), 0-based), what decided and the outcome.
func writeReportHead(b *strings.Builder, h compound.ReportHead, n int, component func(i int) (name string, value any)) {
	fmt.Fprintf(b, "%s (%s)\n", h.Name, h.Rule)
	for i := range n {
		name, value := component(i)
		fmt.Fprintf(b, "  component %d: %s, value %v\n", i+1, name, value)
	}
	fmt.Fprintf(b, "decided by: %s; %s\n", h.Invariant, h.Combined)
	fmt.Fprintf(b, "outcome: %s\n", outcomeWords(h.Outcome))
}

// writeCompoundMove writes move m of a compound, what it is ("winning
// move") and the components it plays in, counted from 1; nothing for nil.
func writeCompoundMove(b *strings.Builder, what string, m *compound.MoveReport) {
	if m == nil {
		return
	}
	moved := make([]int, len(m.Moved))
	for i, c := range m.Moved {
		moved[i] = c + 1
	}
	fmt.Fprintf(b, "%s: play in component(s) %v, leaving %s\n", what, moved, strings.Join(m.Names, " "))
}
