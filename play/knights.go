package play

import (
	"context"
	"errors"
	"fmt"

	"nimber/compound"
	"nimber/games/grid"
	"nimber/games/moveset"
	"nimber/sg"
)

// knightsState is a sum of tokens in progress, each moving by the steps of
// board b: the value of the position is the nim-sum of the Grundy values of
// the tokens' squares.
type knightsState struct {
	g      grid.Grid
	b      *moveset.Board
	grundy []int
	count  []int // tokens on each square
}

func startKnights(ctx context.Context, g grid.Grid, opts ReplayOptions) (state, error) {
	steps := opts.Steps
	if steps == nil {
		steps = moveset.Knight
	}
	b, err := moveset.NewBoard(g.Rows, g.Cols, steps)
	if err != nil {
		return nil, fmt.Errorf("knights: %w", err)
	}
	order, err := compound.TopologicalOrder(b)
	if err != nil {
		return nil, fmt.Errorf("knights: %w", err)
	}
	s := &knightsState{g: g, b: b, grundy: make([]int, b.Len()), count: make([]int, b.Len())}
	var mex sg.MexSet
	for n, p := range order {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		mex.Reset()
		b.Options(int(p), func(q int) { mex.Add(s.grundy[q]) })
		s.grundy[p] = mex.Mex()
	}
	for i, ch := range g.Cells {
		if ch == 'K' {
			s.count[i] = 1
		}
	}
	return s, nil
}

func (s *knightsState) play(m Move) error {
	from, to := m.Row*s.g.Cols+m.Col, m.To.Row*s.g.Cols+m.To.Col
	if s.count[from] == 0 {
		return errors.New("no token on this square")
	}
	step := false
	s.b.Options(from, func(q int) { step = step || q == to })
	if !step {
		return fmt.Errorf("%s is not one step away (steps %s)", cellName(m.To.Row, m.To.Col), moveset.FormatSteps(s.b.Steps))
	}
	s.count[from]--
	s.count[to]++
	return nil
}

func (s *knightsState) analyse(p *Position) error {
	cells := make([]byte, len(s.count))
	total := 0
	for i, n := range s.count {
		switch {
		case n == 0:
			cells[i] = '.'
		case n == 1:
			cells[i] = 'K'
		case n < 10:
			cells[i] = byte('0' + n)
		default:
			cells[i] = '+'
		}
		if n%2 == 1 {
			total ^= s.grundy[i]
		}
	}
	p.Board = displayRows(cells, s.g.Cols)
	return fillImpartial(p, total, func(yield func(Move, int)) {
		for i, n := range s.count {
			if n == 0 {
				continue
			}
			s.b.Options(i, func(q int) {
				to := Cell{Row: q / s.g.Cols, Col: q % s.g.Cols}
				yield(Move{Row: i / s.g.Cols, Col: i % s.g.Cols, To: &to}, total^s.grundy[i]^s.grundy[q])
			})
		}
	})
}
