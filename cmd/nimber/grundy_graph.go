package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"nimber/compound"
	"nimber/game"
	"nimber/sg"
)

// graphGrundyReport is the JSON answer of grundy --graph.
type graphGrundyReport struct {
	// Values holds each part's generalised Sprague–Grundy value: an
	// integer, or {"inf": K}.
	Values  []game.Value `json:"values"`
	Outcome string       `json:"outcome"`
	// WinningMove is a winning move, null unless the outcome is N.
	WinningMove *graphMove `json:"winning_move"`
	// DrawingMove is a move that keeps the draw, given when the outcome is
	// D.
	DrawingMove *graphMove `json:"drawing_move,omitempty"`
}

// graphMove is a move of grundy --graph's answer.
type graphMove struct {
	Part     int    `json:"part"`     // 0-based, as in grundy's other answers
	Position string `json:"position"` // the position the part's token moves to
}

// loopyValue is the value of position p as a game.Value.
func loopyValue(l *sg.Loopy, p int) game.Value {
	if v := l.Value(p); v != sg.Infinite {
		return game.Nimber(v)
	}
	return game.Infinite(l.Followers(p))
}

// graphGrundy answers grundy --graph FILE P1 P2 ...: the generalised
// Sprague–Grundy value of each part (a position of the graph, which may
// have cycles), the outcome of their sum, and a winning or drawing move. A
// graph whose values need more than maxMemory bytes by sg.LoopyBytes is
// refused before they are computed.
func graphGrundy(cmd *cobra.Command, path string, args []string, asJSON bool, maxMemory int64) error {
	if len(args) == 0 {
		return fmt.Errorf("grundy --graph %s: give the positions of the sum, by name or index", path)
	}
	act := startActivity(cmd.ErrOrStderr(), path, 0)
	gr, err := readLoopyGraph(path)
	if err != nil {
		act.stop()
		return err
	}
	parts := make([]int, len(args))
	for i, a := range args {
		if parts[i], err = gr.Position(a); err != nil {
			act.stop()
			return fmt.Errorf("%s: part %d: %w", path, i+1, err)
		}
	}
	l, err := sg.Generalize(cmd.Context(), gr.Len(), gr.Options, maxMemory)
	act.stop()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}

	rep := graphGrundyReport{Values: make([]game.Value, len(parts)), Outcome: l.Outcome(parts).String()}
	sum := game.Nimber(0)
	for i, p := range parts {
		rep.Values[i] = loopyValue(l, p)
		var ok bool
		if sum, ok = sum.Plus(rep.Values[i]); !ok {
			sum = game.Infinite(nil) // two infinite parts: ∞, a draw
		}
	}
	if m, ok := l.WinningMove(parts); ok {
		rep.WinningMove = &graphMove{Part: m.Part, Position: gr.Name(m.To)}
	}
	if m, ok := l.DrawingMove(parts); ok {
		rep.DrawingMove = &graphMove{Part: m.Part, Position: gr.Name(m.To)}
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if asJSON {
		return flushJSON(out, rep)
	}
	for i, p := range parts {
		fmt.Fprintf(out, "part %d: %s, G = %v\n", i+1, gr.Name(p), rep.Values[i])
	}
	fmt.Fprintf(out, "sum %v: %s\n", sum, outcomeWords(l.Outcome(parts).String()))
	if w := rep.WinningMove; w != nil {
		fmt.Fprintf(out, "winning move: in part %d, to %s\n", w.Part+1, w.Position)
	}
	if d := rep.DrawingMove; d != nil {
		fmt.Fprintf(out, "drawing move: in part %d, to %s\n", d.Part+1, d.Position)
	}
	return out.Flush()
}

// readLoopyGraph reads a game graph file whose play may return to earlier
// positions; its errors name the file.
func readLoopyGraph(path string) (*compound.Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *PathError: it names the file
	}
	defer f.Close()
	gr, err := compound.ParseLoopyGraph(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return gr, nil
}
