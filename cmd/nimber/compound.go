package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"nimber/compound"
	"nimber/games/moveset"
	"nimber/heap"
)

// compoundGame is the game the compound and table commands work on: an
// explicit graph from --graph, or a move-set board from --board.
type compoundGame struct {
	game     compound.Game
	position func(s string) (int, error)
	name     func(p int) string
}

// gameFlags select a compound game.
type gameFlags struct {
	graph, board, moves, heapGame string
}

func (f *gameFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.graph, "graph", "", `game graph in JSON: {"options": [[...], ...], "names": [...]}`)
	cmd.Flags().StringVar(&f.board, "board", "", "a move-set board instead of a graph, RxC (e.g. 8x8); components are row,col (1-based)")
	cmd.Flags().StringVar(&f.heapGame, "heap-game", "", "a heap game instead (e.g. 0.77, grundy, sub:1,3,4); components are heap positions such as 7 or 5+3")
	cmd.Flags().StringVar(&f.moves, "moves", "", `the board's steps as (row,col) pairs, e.g. "1,-2;-1,-2;-2,1;-2,-1" (default: the seed's knight steps)`)
}

// load builds the game; components are the command's arguments, which a
// heap game needs to know which positions to explore.
func (f *gameFlags) load(components []string) (*compoundGame, error) {
	given := 0
	for _, s := range []string{f.graph, f.board, f.heapGame} {
		if s != "" {
			given++
		}
	}
	switch {
	case given > 1:
		return nil, fmt.Errorf("give one of --graph, --board and --heap-game")
	case f.heapGame != "":
		hg, err := heap.Parse(f.heapGame)
		if err != nil {
			return nil, err
		}
		starts := make([][]int, len(components))
		for i, c := range components {
			if starts[i], err = heap.ParseHeaps(c); err != nil {
				return nil, err
			}
		}
		g, roots, err := hg.Graph(starts, 0)
		if err != nil {
			return nil, err
		}
		return &compoundGame{game: g, position: func(s string) (int, error) {
			for i, c := range components {
				if c == s {
					return roots[i], nil
				}
			}
			return g.Position(s)
		}, name: g.Name}, nil
	case f.graph != "":
		file, err := os.Open(f.graph)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		g, err := compound.ParseGraph(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.graph, err)
		}
		return &compoundGame{game: g, position: g.Position, name: g.Name}, nil
	case f.board != "":
		b, err := boardFromFlags(f.board, f.moves)
		if err != nil {
			return nil, err
		}
		return &compoundGame{game: b, position: func(s string) (int, error) {
			parts := strings.Split(s, ",")
			if len(parts) == 2 {
				r, err1 := strconv.Atoi(strings.TrimSpace(parts[0]))
				c, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
				if err1 == nil && err2 == nil && r >= 1 && r <= b.Rows && c >= 1 && c <= b.Cols {
					return b.Position(r-1, c-1), nil
				}
			}
			return 0, fmt.Errorf("component %q is not a square row,col within 1..%d, 1..%d", s, b.Rows, b.Cols)
		}, name: b.Name}, nil
	}
	return nil, fmt.Errorf("give the game: --graph FILE, --board RxC or --heap-game CODE")
}

// boardFromFlags builds a move-set board from "RxC" and a step list.
func boardFromFlags(size, moves string) (*moveset.Board, error) {
	var rows, cols int
	if _, err := fmt.Sscanf(strings.ToLower(size), "%dx%d", &rows, &cols); err != nil {
		return nil, fmt.Errorf("--board %q is not RxC, e.g. 8x8", size)
	}
	steps := moveset.Knight
	if moves != "" {
		var err error
		if steps, err = moveset.ParseSteps(moves); err != nil {
			return nil, fmt.Errorf("--moves: %w", err)
		}
	}
	return moveset.NewBoard(rows, cols, steps)
}

func newCompoundCmd() *cobra.Command {
	var gf gameFlags
	var move, end, play string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "compound --move one|all|some --end long|short --play normal|misere (--graph FILE | --board RxC) P1 P2 ...",
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
(by index or name), squares row,col of a move-set board, or positions of a
heap game (--heap-game 0.77: heaps such as 7 or 5+3).`,
		Example: `  nimber compound --move one --end long --play normal --graph g.json 3 5 7
  nimber compound --move all --end short --play misere --board 8x8 1,3 5,6 --json
  nimber compound --move some --end short --play normal --board 8x8 --moves "1,-2;-2,1" 8,8
  nimber compound --move all --end long --play misere --heap-game 0.77 7 5+3`,
		RunE: func(cmd *cobra.Command, args []string) error {
			rule, err := compound.ParseRule(move, end, play)
			if err != nil {
				return err
			}
			g, err := gf.load(args)
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return fmt.Errorf("give at least one component")
			}
			comps := make([]int, len(args))
			for i, a := range args {
				if comps[i], err = g.position(a); err != nil {
					return err
				}
			}
			inv, err := compound.Compute(cmd.Context(), g.game)
			if err != nil {
				return err
			}
			rep, err := inv.Report(cmd.Context(), comps, rule, g.name)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			fmt.Fprintf(out, "%s (%s)\n", rep.Name, rep.Rule)
			for i, c := range rep.Components {
				fmt.Fprintf(out, "  component %d: %s, value %s\n", i+1, c.Name, c.Value)
			}
			fmt.Fprintf(out, "decided by: %s; %s\n", rep.Invariant, rep.Combined)
			if rep.Outcome == "N" {
				fmt.Fprintln(out, "outcome: N, the player to move wins")
			} else {
				fmt.Fprintln(out, "outcome: P, the player to move loses")
			}
			if w := rep.WinningMove; w != nil {
				moved := make([]int, len(w.Moved))
				for i, c := range w.Moved {
					moved[i] = c + 1
				}
				fmt.Fprintf(out, "winning move: play in component(s) %v, leaving %s\n", moved, strings.Join(w.Names, " "))
			} else if rep.Outcome == "N" {
				fmt.Fprintln(out, "winning move: none needed: the player to move cannot move, and under misère play that wins")
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&move, "move", "one", "move in one, all or some components (or not-all: the slides' variant)")
	f.StringVar(&end, "end", "long", "the compound ends when all (long) or any (short) component has ended")
	f.StringVar(&play, "play", "normal", "normal (no move loses) or misere (no move wins)")
	f.BoolVar(&asJSON, "json", false, "print the answer as JSON")
	gf.register(cmd)
	return cmd
}
