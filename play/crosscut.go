package play

import (
	"context"
	"errors"

	"nimber/games/caos3"
	"nimber/games/crosscut"
	"nimber/games/grid"
	"nimber/games/inventor"
)

// ccGame is a cross-cut game in progress: the marked points of a board, the
// value of every sub-rectangle of it, and the components of the position,
// disjoint rectangles whose points are all still available.
type ccGame struct {
	board *crosscut.Board
	table *crosscut.Table
	comps []crosscut.Rect
}

func newCCGame(ctx context.Context, b *crosscut.Board) (*ccGame, error) {
	t, err := crosscut.Solve(ctx, b)
	if err != nil {
		return nil, err
	}
	return &ccGame{board: b, table: t, comps: []crosscut.Rect{b.Full()}}, nil
}

// find returns the index of the component holding p, or -1.
func (cg *ccGame) find(p crosscut.Point) int {
	for k, x := range cg.comps {
		if x.R1 <= p.Row && p.Row <= x.R2 && x.C1 <= p.Col && p.Col <= x.C2 {
			return k
		}
	}
	return -1
}

// pick plays point p: its component becomes the (up to four) non-empty
// rectangles that remain without p's row and column.
func (cg *ccGame) pick(p crosscut.Point) error {
	k := cg.find(p)
	if k < 0 {
		return errLost
	}
	x := cg.comps[k]
	cg.comps = append(cg.comps[:k], cg.comps[k+1:]...)
	for _, part := range crosscut.Split(x, p) {
		if !part.Empty() {
			cg.comps = append(cg.comps, part)
		}
	}
	return nil
}

// ccValues are the values of a cross-cut position.
type ccValues struct {
	total int     // the value of the position
	comp  []int32 // the component of each point (row-major), -1 for none
	value []int   // the value of each component
}

// values returns the values of the position.
func (cg *ccGame) values() ccValues {
	b := cg.board
	v := ccValues{comp: make([]int32, b.Rows*b.Cols), value: make([]int, len(cg.comps))}
	for i := range v.comp {
		v.comp[i] = -1
	}
	for k, x := range cg.comps {
		v.value[k] = cg.table.Value(x)
		v.total ^= v.value[k]
		for r := x.R1; r <= x.R2; r++ {
			for c := x.C1; c <= x.C2; c++ {
				v.comp[r*b.Cols+c] = int32(k)
			}
		}
	}
	return v
}

// after returns the value of this game once p is picked, or ok=false when
// p is not an available marked point.
func (cg *ccGame) after(v *ccValues, p crosscut.Point) (value int, ok bool) {
	i := p.Row*cg.board.Cols + p.Col
	k := v.comp[i]
	if k < 0 || !cg.board.Marked[i] {
		return 0, false
	}
	return v.total ^ v.value[k] ^ cg.table.SplitValue(cg.comps[k], p), true
}

// caos3State is a game of CAOS3 in progress: the cross-cut game of the
// monsters, cells by row and column.
type caos3State struct {
	g        grid.Grid
	monsters []bool
	game     *ccGame
	disp     []byte
}

func startCAOS3(ctx context.Context, g grid.Grid, _ ReplayOptions) (state, error) {
	b := caos3.Board(g)
	cg, err := newCCGame(ctx, b)
	if err != nil {
		return nil, err
	}
	return &caos3State{g: g, monsters: b.Marked, game: cg, disp: append([]byte(nil), g.Cells...)}, nil
}

// lava reports whether a display cell has lava.
func lava(ch byte) bool { return ch == 'O' || ch == '-' || ch == '|' }

func (s *caos3State) play(m Move) error {
	C := s.g.Cols
	i := m.Row*C + m.Col
	switch {
	case s.g.Cells[i] == caos3.Wall:
		return errors.New("cell is a wall")
	case !s.monsters[i]:
		return errors.New("no monster on this cell (each of its four arms of '^' cells must be at least 2 long)")
	case lava(s.disp[i]):
		return errors.New("cell is under lava")
	}
	if err := s.game.pick(crosscut.Point{Row: m.Row, Col: m.Col}); err != nil {
		return err
	}
	// The lava flows in the four directions until it meets lava or the
	// edge; walls do not stop it.
	for _, d := range [4][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}} {
		mark := byte('-')
		if d[1] == 0 {
			mark = '|'
		}
		for r, c := m.Row+d[0], m.Col+d[1]; onBoard(s.g, r, c) && !lava(s.disp[r*C+c]); r, c = r+d[0], c+d[1] {
			s.disp[r*C+c] = mark
		}
	}
	s.disp[i] = 'O'
	return nil
}

func (s *caos3State) analyse(p *Position) error {
	p.Board = displayRows(s.disp, s.g.Cols)
	v := s.game.values()
	return fillImpartial(p, v.total, func(yield func(Move, int)) {
		for r := 0; r < s.g.Rows; r++ {
			for c := 0; c < s.g.Cols; c++ {
				if after, ok := s.game.after(&v, crosscut.Point{Row: r, Col: c}); ok {
					yield(Move{Row: r, Col: c}, after)
				}
			}
		}
	})
}

// inventorState is a game of Inventor Outlasting in progress: the sum of
// the cross-cut games of the two colour classes (inventor.Classes).
type inventorState struct {
	g       grid.Grid
	classes [2]*inventor.Class
	games   [2]*ccGame
	disp    []byte
}

func startInventor(ctx context.Context, g grid.Grid, _ ReplayOptions) (state, error) {
	s := &inventorState{g: g, classes: inventor.Classes(g), disp: append([]byte(nil), g.Cells...)}
	for k, cl := range s.classes {
		cg, err := newCCGame(ctx, &cl.Board)
		if err != nil {
			return nil, err
		}
		s.games[k] = cg
	}
	return s, nil
}

// point returns the class and the point of cell (r, c).
func (s *inventorState) point(r, c int) (int, crosscut.Point) {
	k := (r + c) % 2
	return k, s.classes[k].Point(r, c)
}

func (s *inventorState) play(m Move) error {
	C := s.g.Cols
	i := m.Row*C + m.Col
	switch {
	case s.g.Cells[i] != inventor.Spot:
		return errors.New("not a building spot")
	case s.disp[i] != inventor.Spot:
		return errors.New("cell already occupied")
	}
	k, pt := s.point(m.Row, m.Col)
	if err := s.games[k].pick(pt); err != nil {
		return err
	}
	// The four sign-builders walk the diagonals, putting a sign on each cell
	// they enter, and stop before the edge or an occupied cell.
	for _, d := range [4][2]int{{-1, -1}, {1, 1}, {-1, 1}, {1, -1}} {
		mark := byte('\\')
		if d[0] != d[1] {
			mark = '/'
		}
		for r, c := m.Row+d[0], m.Col+d[1]; onBoard(s.g, r, c) && (s.disp[r*C+c] == inventor.Spot || s.disp[r*C+c] == inventor.Blank); r, c = r+d[0], c+d[1] {
			s.disp[r*C+c] = mark
		}
	}
	s.disp[i] = 'A'
	return nil
}

func (s *inventorState) analyse(p *Position) error {
	p.Board = displayRows(s.disp, s.g.Cols)
	v := [2]ccValues{s.games[0].values(), s.games[1].values()}
	total := v[0].total ^ v[1].total
	return fillImpartial(p, total, func(yield func(Move, int)) {
		for r := 0; r < s.g.Rows; r++ {
			for c := 0; c < s.g.Cols; c++ {
				if s.disp[r*s.g.Cols+c] != inventor.Spot {
					continue
				}
				k, pt := s.point(r, c)
				if after, ok := s.games[k].after(&v[k], pt); ok {
					yield(Move{Row: r, Col: c}, after^v[1-k].total)
				}
			}
		}
	})
}
