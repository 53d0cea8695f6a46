package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"nimber/game"
	"nimber/play"
	"nimber/problems"
	"nimber/registry"
)

func newAnalyzeCmd() *cobra.Command {
	var flags solveFlags
	var asJSON bool
	var gf gameFlag
	var positions []string
	cmd := &cobra.Command{
		Use:   "analyze (PROBLEM [FILE] | GAME POSITION... | --rules FILE POSITION...)",
		Short: "Explain a position: its value, outcome and every winning move",
		Long: withNames(`analyze explains who wins and how.

For an official PROBLEM it reads an input like solve and prints, for every
case, the Sprague–Grundy value of the starting position, its outcome class
(N: the player to move wins; P: the player to move loses) and every winning
first move, with 1-based rows and columns (and the colony type in Bacterial
Tactics). For boi2008-game, a race rather than an impartial game, it prints
the winner, the distance D and its parity, A's first winning move when A
wins, and when B wins the square and move number where B lands on A on the
principal line.

For any GAME of "nimber games" (or your own with --rules FILE) it analyses
the sum of the POSITION arguments (or of the --position texts, e.g. a board of
a problem's game): the value of each part, the nim-sum, and every move with
the value it leaves, the winning ones marked; loopy games (boi2008-game) get
outcomes with remoteness instead. With --json it prints the same as JSON.

For a partizan GAME (%s) it prints the canonical form and
outcome class of the sum (L: Left wins whoever starts, R: Right wins, P: the
second player wins, N: the first player wins), each part's canonical form, and
Left's and Right's moves, each with the part it leaves and the canonical form
and outcome of the whole position then; a move marked * wins for its mover (a
Left move leaving a position >= 0, a Right move one <= 0). --json prints
position, canonical, outcome, parts (position, canonical) and left_moves and
right_moves (part, 0-based; leaves; position, the whole position after the move;
canonical; outcome; wins).`, partizanNames()),
		Example: `  nimber analyze bacterial-tactics examples/bacterial-tactics.in
  nimber analyze inventor-outlasting examples/inventor-outlasting.in --json
  nimber analyze boi2008-game examples/boi2008-game.in
  nimber analyze 0.77 5 7 9
  nimber analyze caos3 --position "$(printf '^^^^^\n^^^^^\n^^^^^\n^^^^^\n^^^^^')"
  nimber analyze --rules examples/rules/kayles.star 4 6
  nimber analyze domineering '...|...'
  nimber analyze clobber 'xox|ox.' xo --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if gf.rules == "" && len(positions) == 0 && len(args) >= 1 && len(args) <= 2 {
				if _, err := registry.Problem(args[0]); err == nil {
					return analyzeProblem(cmd, args, &flags, asJSON)
				}
			}
			g, texts, err := gf.resolve(args)
			if err != nil {
				return err
			}
			fromArgs := len(texts)
			texts = append(texts, positions...)
			if len(texts) == 0 {
				return fmt.Errorf("give at least one POSITION of %s (see nimber analyze --help)", g.name)
			}
			pos, err := g.positions(texts, fromArgs)
			if err != nil {
				return err
			}
			opts, err := flags.options()
			if err != nil {
				return err
			}
			if _, ok := game.PartizanOf(g); ok {
				return analyzePartizan(cmd, g, pos, opts.MaxMemory, asJSON)
			}
			engine := game.Fast
			if flags.engine == string(problems.Generic) {
				engine = game.Generic
			}
			act := startActivity(cmd.ErrOrStderr(), g.name, 0)
			s, err := play.Analyze(cmd.Context(), g, pos, game.Options{Engine: engine, MaxMemory: opts.MaxMemory})
			act.stop()
			if err != nil {
				return g.annotate(err)
			}
			return printAnswer(cmd, s, asJSON, func(out io.Writer, s *play.State) { writeState(out, g, pos, s) })
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the analysis as JSON")
	cmd.Flags().StringArrayVar(&positions, "position", nil, "a position of the game, in its text form (repeat for a sum)")
	flags.register(cmd.Flags())
	gf.register(cmd.Flags())
	return cmd
}

// analyzeProblem analyses an official input.
func analyzeProblem(cmd *cobra.Command, args []string, flags *solveFlags, asJSON bool) error {
	results, err := analyzeInput(cmd, args, flags, false)
	if err != nil {
		return err
	}
	return printAnswer(cmd, results, asJSON, func(out io.Writer, results []problems.Analysis) {
		for _, a := range results {
			writeAnalysis(out, a)
		}
	})
}

// writeState explains an analysed position of g: the position, its parts'
// values, its value or outcome, and every move.
func writeState(out io.Writer, g *chosenGame, pos game.Position, s *play.State) {
	text := strings.TrimRight(s.Position, "\n")
	if strings.Contains(text, "\n") || text == "" {
		fmt.Fprintf(out, "position:\n%s\n", indent(text))
	} else {
		fmt.Fprintf(out, "position: %s\n", text)
	}
	noun := g.Info().Noun
	if s.Value != nil {
		for i, p := range s.Parts {
			fmt.Fprintf(out, "  %s %d: %s, G = %v\n", noun, i+1, firstLine(g.DescribePart(pos, i)), p.Value)
		}
		what := "Grundy value"
		if s.Cyclic { // positions repeat: the sum of generalised values by Smith's theorem
			what = "generalised value"
		}
		fmt.Fprintf(out, "%s %v: %s\n", what, *s.Value, outcomeWords(s.Outcome))
	} else if s.Remoteness != nil {
		fmt.Fprintf(out, "%s, with best play the game lasts %d more moves\n", outcomeWords(s.Outcome), *s.Remoteness)
	} else {
		fmt.Fprintf(out, "%s\n", outcomeWords(s.Outcome))
	}
	if len(s.Legal) == 0 {
		fmt.Fprintf(out, "no move: %s to move has lost\n", s.ToMove)
		return
	}
	fmt.Fprintf(out, "every move (%d), winning ones marked *:\n", len(s.Legal))
	for _, m := range s.Legal {
		mark := winMark(m.Winning)
		where := ""
		if len(s.Parts) > 1 {
			where = fmt.Sprintf("in %s %d: ", noun, m.Part+1)
		}
		var after string
		if m.Value != nil {
			after = fmt.Sprintf("leaves value %v", *m.Value)
			if m.Outcome == "D" {
				after += ", a draw"
			}
		} else {
			switch m.Outcome {
			case "P":
				after = fmt.Sprintf("then the opponent loses in %d", derefInt(m.Remoteness))
			case "N":
				after = fmt.Sprintf("then the opponent wins in %d", derefInt(m.Remoteness))
			default:
				after = "a draw"
			}
		}
		fmt.Fprintf(out, "%s %s%s (%s)\n", mark, where, m.Text, after)
	}
}

// outcomeWords says an outcome for the player to move.
func outcomeWords(o string) string {
	switch o {
	case "N":
		return "N, the player to move wins"
	case "P":
		return "P, the player to move loses"
	}
	return "D, a draw: neither player can force a win"
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// indent indents every line of text by two spaces.
func indent(text string) string { return "  " + strings.ReplaceAll(text, "\n", "\n  ") }

// firstLine returns the first line of s, with "..." when there are more.
func firstLine(s string) string {
	if i := strings.IndexByte(strings.TrimRight(s, "\n"), '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func writeAnalysis(out io.Writer, a problems.Analysis) {
	if a.Race != nil {
		writeRace(out, a)
		return
	}
	fmt.Fprintf(out, "Case #%d (%d x %d): Grundy value %d, ", a.Case, a.Rows, a.Cols, *a.Grundy)
	if a.Outcome == "P" {
		fmt.Fprintf(out, "P-position: the first player loses; official answer %q\n", a.Official)
		return
	}
	fmt.Fprintf(out, "N-position: the first player wins with %d winning first move(s); official answer %q\n", len(a.Winning), a.Official)
	for _, m := range a.Winning {
		fmt.Fprintf(out, "  %s\n", m)
	}
}

func writeRace(out io.Writer, a problems.Analysis) {
	r := a.Race
	fmt.Fprintf(out, "Test #%d (%d x %d): %s wins. Distance D = %d", a.Case, a.Rows, a.Cols, r.Winner, r.Distance)
	switch {
	case r.Distance%2 == 1:
		fmt.Fprintf(out, " is odd: B can never land on A, so A, moving first, arrives first.\n")
	case r.Winner == "A":
		fmt.Fprintf(out, " is even (d = %d), but A can always dodge B's landing on him at B's move %d.\n", r.Distance/2, r.Distance/2)
	case r.InterceptionMove == 0:
		fmt.Fprintf(out, " is even; B can force a win in the full game.\n")
	default:
		fmt.Fprintf(out, " is even (d = %d): whatever A does, B lands on A's square with his move %d, steps once more and arrives first.\n", r.InterceptionMove, r.InterceptionMove)
	}
	if r.FirstMove != nil {
		fmt.Fprintf(out, "  A's first move: %s\n", r.FirstMove)
	}
	if r.Interception != nil {
		fmt.Fprintf(out, "  interception on the principal line: %s, B's move %d\n", r.Interception, r.InterceptionMove)
	}
	if len(r.Line) > 0 {
		fmt.Fprintf(out, "  principal line:")
		for i, m := range r.Line {
			fmt.Fprintf(out, " %c(%d,%d)", "AB"[i%2], m.Row, m.Col)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "  decided by: %s; official answer %q\n", r.Method, a.Official)
}
