package play_test

import (
	"context"
	"fmt"
	"strings"

	"nimber/play"
)

// A game of Bacterial Tactics: the first player places an H colony in the
// top row, and the position is analysed for the second player.
func ExampleReplay() {
	p, err := play.Replay(context.Background(), "bacterial-tactics",
		[]string{"...", ".#.", "..."},
		[]play.Move{{Row: 0, Col: 1, Colony: "H"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Join(p.Board, "\n"))
	fmt.Println("to move:", p.ToMove, "grundy:", *p.Grundy, "outcome:", p.Outcome)
	fmt.Println(len(p.Legal), "legal moves, first:", p.Legal[0])
	m, _ := p.EngineMove()
	fmt.Println("engine:", m)
	// Output:
	// -H-
	// .#.
	// ...
	// to move: second grundy: 1 outcome: N
	// 7 legal moves, first: row 2, column 1 V
	// engine: row 2, column 1 V
}

// An illegal move is reported with its number and cell, 1-based.
func ExampleReplay_illegal() {
	_, err := play.Replay(context.Background(), "bacterial-tactics",
		[]string{"...", ".#.", "..."},
		[]play.Move{{Row: 0, Col: 1, Colony: "H"}, {Row: 0, Col: 2, Colony: "V"}})
	fmt.Println(err)
	// Output:
	// move 2 (row 1, column 3): cell already infected
}

// The engine answers with the first winning move.
func ExamplePosition_EngineMove() {
	p, err := play.Replay(context.Background(), "knights", []string{"...", "...", "..K"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, ok := p.EngineMove()
	fmt.Println(p.Outcome, m, ok)
	// Output:
	// N row 3, column 3 to row 2, column 1 true
}
