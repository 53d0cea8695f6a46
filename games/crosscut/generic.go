package crosscut

// Game is the cross-cut game as an sg.Game: a component is a non-empty Rect,
// a move the Point picked, leaving the non-empty parts of Split. It is the
// plain reference for the dense solver: no canonical rectangles.
type Game struct {
	b     *Board
	parts []Rect
}

// NewGame returns the game of board b.
func NewGame(b *Board) *Game { return &Game{b: b} }

// Moves implements sg.Game.
func (g *Game) Moves(x Rect, yield func(Point, []Rect) bool) {
	for r := x.R1; r <= x.R2; r++ {
		for c := x.C1; c <= x.C2; c++ {
			if !g.b.Marked[r*g.b.Cols+c] {
				continue
			}
			p := Point{r, c}
			g.parts = g.parts[:0]
			for _, part := range Split(x, p) {
				if !part.Empty() {
					g.parts = append(g.parts, part)
				}
			}
			if !yield(p, g.parts) {
				return
			}
		}
	}
}
