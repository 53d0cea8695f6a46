package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/heap"
	"nimber/misere"
)

// The quotient grundy --misere tries first: its time and the bound of
// each check of a candidate.
const (
	quotientTime   = 10 * time.Second
	quotientChecks = 2_000_000
)

// misereFlags are the flags of grundy --misere.
type misereFlags struct {
	asJSON   bool
	budget   int
	quotient bool // try the misère quotient first (heap codes)
}

// misereReport is the JSON answer of grundy --misere.
type misereReport struct {
	Outcome string `json:"outcome"` // N: the player to move wins
	// Move is the winning move, null when the player to move loses (or
	// has no move and so wins): {"heaps": [...]} the whole position after
	// it for games of heaps, with "position" (its text) for the others.
	Move any `json:"move"`
	// Method is "quotient" (the misère quotient), "tame" (misère Nim's
	// rule) or "search".
	Method string `json:"method"`
}

// heapsMove is the winning move of a heap game.
type heapsMove struct {
	Heaps []int `json:"heaps"`
}

// gameMove is the winning move of another game.
type gameMove struct {
	Heaps    []int  `json:"heaps,omitempty"` // when every part is an integer
	Position string `json:"position"`
	Part     int    `json:"part"` // 0-based
	Text     string `json:"text"`
}

// misereGrundy answers grundy --misere: the misère outcome of a sum and
// a winning move.
func misereGrundy(cmd *cobra.Command, gf gameFlag, args []string, f misereFlags) error {
	if f.budget < 1 {
		return fmt.Errorf("--budget %d: want at least 1 position", f.budget)
	}
	if gf.rules == "" && len(args) > 0 {
		if g, err := heap.Parse(args[0]); err == nil {
			return misereHeaps(cmd, g, args, f)
		}
	}
	g, pos, err := gf.sum(cmd, args)
	if err != nil {
		return err
	}
	if kind := g.Info().Kind; kind != game.Impartial {
		return fmt.Errorf("%s is %s (%s): misère play here needs an impartial game that ends", g.name, kind, kind.Why())
	}
	act := startActivity(cmd.ErrOrStderr(), g.name+" (misère)", 0)
	o, err := misere.OutcomeGame(cmd.Context(), g, pos, f.budget)
	act.stop()
	if err != nil {
		return g.annotate(err)
	}
	rep := misereReport{Outcome: "P", Method: misere.BySearch}
	var mv *gameMove
	if o.Wins {
		rep.Outcome = "N"
	}
	if o.Move != nil {
		mv = &gameMove{Position: g.Format(o.Move.Next), Part: o.Move.Part, Text: o.Move.Text}
		mv.Heaps = intParts(g, o.Move.Next)
		rep.Move = mv
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if f.asJSON {
		return flushJSON(out, rep)
	}
	writeVerdict(out, o.Wins, "by exact search of the sum")
	if mv != nil {
		fmt.Fprintf(out, "winning move: in %s %d: %s; the position after it: %s\n", g.Info().Noun, mv.Part+1, mv.Text, g.Name(o.Move.Next))
	}
	return out.Flush()
}

// intParts returns the parts of pos as integers when each one's text is
// one, else nil.
func intParts(g *chosenGame, pos game.Position) []int {
	heaps := []int{}
	for _, p := range g.Parts(pos) {
		n, err := strconv.Atoi(strings.TrimSpace(g.Format(p)))
		if err != nil {
			return nil
		}
		heaps = append(heaps, n)
	}
	return heaps
}

// misereHeaps answers grundy --misere for a heap game by code: by its
// misère quotient (tried first, for a few seconds), misère Nim's rule or
// exact search.
func misereHeaps(cmd *cobra.Command, g *heap.Code, args []string, f misereFlags) error {
	heaps := make([]int, len(args)-1)
	for i, a := range args[1:] {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 || n > misere.MaxHeap {
			return fmt.Errorf("heap %d: %q is not a heap size 0..%d", i+1, a, misere.MaxHeap)
		}
		heaps[i] = n
	}
	if len(heaps) == 0 {
		return fmt.Errorf("grundy --misere takes at least one heap")
	}
	act := startActivity(cmd.ErrOrStderr(), args[0]+" (misère)", 0)
	s := misere.New(g, f.budget)
	var q *misere.Quotient
	var qerr error
	if f.quotient {
		qctx, cancel := context.WithTimeout(cmd.Context(), quotientTime)
		s.SetQuotientChecks(quotientChecks)
		q, qerr = s.Quotient(qctx, slices.Max(heaps))
		cancel()
		s.SetQuotientChecks(0)
		if err := cmd.Context().Err(); err != nil {
			act.stop()
			return err
		}
	}
	o, err := s.Outcome(cmd.Context(), heaps)
	act.stop()
	if err != nil {
		if qerr != nil && cmd.Context().Err() == nil {
			err = fmt.Errorf("%w (the misère quotient, tried first, did not come: %v)", err, qerr)
		}
		return err
	}
	rep := misereReport{Outcome: "P", Method: o.Method}
	if o.Wins {
		rep.Outcome = "N"
	}
	if o.Move != nil {
		rep.Move = heapsMove{o.Move}
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if f.asJSON {
		return flushJSON(out, rep)
	}
	how := "by exact search of the sum"
	switch o.Method {
	case misere.ByTameRule:
		how = "by misère Nim's rule: every heap up to the largest is tame"
	case misere.ByQuotient:
		how = "by the misère quotient of the heaps up to the largest"
		if q != nil && q.Periodic != nil {
			how = "by the misère quotient, proved periodic for every heap"
		}
	}
	writeVerdict(out, o.Wins, how)
	if o.Move != nil {
		fmt.Fprintf(out, "winning move: to %s\n", strings.Trim(fmt.Sprint(o.Move), "[]"))
	}
	return out.Flush()
}

// writeVerdict writes the misère outcome and how it was found.
func writeVerdict(out *bufio.Writer, wins bool, how string) {
	if wins {
		fmt.Fprintf(out, "misère: N, the player to move wins (%s)\n", how)
	} else {
		fmt.Fprintf(out, "misère: P, the player to move loses (%s)\n", how)
	}
}

// misereBytes is about what one position of a misère search costs.
const misereBytes = 100

// defaultMisereBudget is the default --budget of the misère searches:
// misere's default, cut to fit the memory limit of the environment.
func defaultMisereBudget() int {
	return int(min(int64(misere.DefaultBudget), max(environment().Limit/misereBytes, 1)))
}
