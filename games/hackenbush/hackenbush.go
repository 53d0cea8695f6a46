// Package hackenbush is the partizan game Hackenbush, with CGSuite's and
// Winning Ways' conventions: a picture of edges attached to the ground,
// each Left's (blue, 'L'), Right's (red, 'R') or green ('G', either
// player's). A player cuts one edge they may cut; every edge no longer
// connected to the ground falls with it; who cannot move loses.
//
// A position is written either as stalks, from the ground up, separated
// by spaces ("LRR GG LG": three stalks), or as a general picture in JSON:
//
//	{"edges": [[0, 1, "L"], [1, 2, "R"], [1, 2, "G"]], "ground": [0]}
//
// where each edge joins two vertices (non-negative integers, a loop when
// they are equal) and "ground" lists the vertices on the ground ([0] when
// left out). A picture splits at the ground into components, the parts
// of the sum, valued separately.
package hackenbush

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"nimber/game"
)

// MaxEdges is the most edges of one component Parse and Check accept. A
// component of n edges may have up to 2^n positions, so a larger one is
// refused before it is searched.
const MaxEdges = 32

// MaxPositions bounds the positions of one component Check accepts, as
// counted by positions: a component of up to MaxEdges edges may still have
// too many subpictures to value (a broom of 30 branches has 2^30), and is
// refused before it is searched.
const MaxPositions = 1 << 22

// Game returns Hackenbush, for the registry: a game of Kind Partizan.
func Game() game.Game { return theGame }

var theGame = game.OfPartizan[Picture](rules{})

// Picture is a part of Hackenbush: one component attached to the ground,
// its edges three bytes each (two vertices and a colour 'L', 'R' or 'G'),
// vertex 0 the ground. Its vertices are numbered in the order a breadth-
// first search from the ground finds them and its edges sorted, so that a
// Picture is its own normal form and equal pictures drawn alike are equal
// strings.
type Picture string

// edge is an edge of a picture between vertices u and v, of colour c.
type edge struct {
	u, v int
	c    byte
}

// edges returns the edges of p.
func (p Picture) edges() []edge {
	out := make([]edge, len(p)/3)
	for i := range out {
		out[i] = edge{int(p[3*i]), int(p[3*i+1]), p[3*i+2]}
	}
	return out
}

// stalk returns the colours of p from the ground up when p is a stalk (a
// path from the ground), and ok false when it is not.
func (p Picture) stalk() (colours string, ok bool) {
	b := make([]byte, 0, len(p)/3)
	for i, e := range p.edges() {
		if e.u != i || e.v != i+1 {
			return "", false
		}
		b = append(b, e.c)
	}
	return string(b), true
}

// rules is Hackenbush's rules.
type rules struct{}

// Options yields side's options of component p: cutting each edge of
// side's colour or green, leaving the components still attached to the
// ground.
func (rules) Options(p Picture, side game.Side) iter.Seq[[]Picture] {
	return func(yield func([]Picture) bool) {
		own := byte('L')
		if side == game.Right {
			own = 'R'
		}
		es := p.edges()
		rest := make([]edge, 0, len(es))
		for i, e := range es {
			if e.c != own && e.c != 'G' {
				continue
			}
			rest = append(append(rest[:0], es[:i]...), es[i+1:]...)
			if !yield(split(rest)) {
				return
			}
		}
	}
}

// split returns the components of the picture es whose vertices are
// numbered from 0 (the ground): the edges reached from the ground, split
// at the ground into connected components, each in normal form. A loop
// at the ground is a component of its own; edges not attached to the
// ground are left out (they have fallen).
func split(es []edge) []Picture {
	find, n := roots(es)
	grounded := make([]bool, n)
	for _, e := range es {
		if e.u == 0 && e.v != 0 {
			grounded[find(e.v)] = true
		} else if e.v == 0 && e.u != 0 {
			grounded[find(e.u)] = true
		}
	}
	var out []Picture
	comp := map[int]int{} // root -> index in groups
	var groups [][]edge
	for _, e := range es {
		if e.u == 0 && e.v == 0 {
			out = append(out, normal([]edge{e}))
			continue
		}
		w := e.u
		if w == 0 {
			w = e.v
		}
		r := find(w)
		if !grounded[r] {
			continue
		}
		k, ok := comp[r]
		if !ok {
			k = len(groups)
			comp[r] = k
			groups = append(groups, nil)
		}
		groups[k] = append(groups[k], e)
	}
	for _, g := range groups {
		out = append(out, normal(g))
	}
	return out
}

// roots returns the root of each vertex of es (numbered from 0, the
// ground) in a union-find over the edges away from the ground, so that
// vertices joined other than through the ground share a root, and the
// number of vertices.
func roots(es []edge) (find func(int) int, n int) {
	n = 1
	for _, e := range es {
		n = max(n, e.u+1, e.v+1)
	}
	up := make([]int, n)
	for i := range up {
		up[i] = i
	}
	find = func(x int) int {
		for up[x] != x {
			up[x] = up[up[x]]
			x = up[x]
		}
		return x
	}
	for _, e := range es {
		if e.u != 0 && e.v != 0 {
			up[find(e.u)] = find(e.v)
		}
	}
	return find, n
}

// normal returns the Picture of the connected component es attached to
// the ground (vertex 0): its vertices renumbered in the order a breadth-
// first search from the ground finds them (each vertex's edges in the
// order of es), its edges written low vertex first and sorted. Normal is
// idempotent: the normal form of a Picture's edges is the Picture.
func normal(es []edge) Picture {
	n := 1
	for _, e := range es {
		n = max(n, e.u+1, e.v+1)
	}
	adj := make([][]int, n)
	for i, e := range es {
		adj[e.u] = append(adj[e.u], i)
		if e.v != e.u {
			adj[e.v] = append(adj[e.v], i)
		}
	}
	label := make([]int, n)
	for i := range label {
		label[i] = -1
	}
	label[0] = 0
	next := 1
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, i := range adj[x] {
			y := es[i].u + es[i].v - x
			if label[y] < 0 {
				label[y] = next
				next++
				queue = append(queue, y)
			}
		}
	}
	out := make([]edge, len(es))
	for i, e := range es {
		u, v := label[e.u], label[e.v]
		out[i] = edge{min(u, v), max(u, v), e.c}
	}
	slices.SortFunc(out, func(a, b edge) int {
		if a.u != b.u {
			return a.u - b.u
		}
		if a.v != b.v {
			return a.v - b.v
		}
		return int(a.c) - int(b.c)
	})
	b := make([]byte, 0, 3*len(out))
	for _, e := range out {
		b = append(b, byte(e.u), byte(e.v), e.c)
	}
	return Picture(b)
}

// Parse reads stalks ("LRR GG") or a JSON picture (text starting with
// '{') into its components.
func (rules) Parse(text string) (game.Sum[Picture], error) {
	if err := game.CheckText(text, game.MaxText); err != nil {
		return game.Sum[Picture]{}, err
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "{") {
		return parsePicture(text)
	}
	return parseStalks(text)
}

// parseStalks reads stalks of 'L', 'R' and 'G' separated by white space,
// each a component.
func parseStalks(text string) (game.Sum[Picture], error) {
	var s game.Sum[Picture]
	var stalk []edge
	end := func() error {
		if len(stalk) == 0 {
			return nil
		}
		if err := game.CheckLimit(fmt.Sprintf("stalk %d", len(s.Parts)+1), "edges", int64(len(stalk)), MaxEdges); err != nil {
			return err
		}
		s.Parts = append(s.Parts, normal(stalk))
		stalk = stalk[:0]
		return nil
	}
	for i, r := range text {
		switch r {
		case 'L', 'R', 'G':
			stalk = append(stalk, edge{len(stalk), len(stalk) + 1, byte(r)})
		case ' ', '\t', '\n', '\r':
			if err := end(); err != nil {
				return game.Sum[Picture]{}, err
			}
		default:
			if r == utf8.RuneError {
				return game.Sum[Picture]{}, fmt.Errorf("column %d: invalid UTF-8", utf8.RuneCountInString(text[:i])+1)
			}
			return game.Sum[Picture]{}, fmt.Errorf("stalk %d, column %d: character %q is not L (Left's edge), R (Right's) or G (green), nor a space between stalks",
				len(s.Parts)+1, utf8.RuneCountInString(text[:i])+1, r)
		}
	}
	if err := end(); err != nil {
		return game.Sum[Picture]{}, err
	}
	return s, nil
}

// pictureJSON is the JSON form of a picture.
type pictureJSON struct {
	Edges  [][]json.RawMessage `json:"edges"`
	Ground []json.RawMessage   `json:"ground"`
}

// parsePicture reads a JSON picture: {"edges": [[u, v, "L"], ...],
// "ground": [0, ...]}.
func parsePicture(text string) (game.Sum[Picture], error) {
	var pj pictureJSON
	d := json.NewDecoder(strings.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(&pj); err != nil {
		return game.Sum[Picture]{}, jsonError(text, err)
	}
	if off := d.InputOffset(); strings.TrimSpace(text[off:]) != "" {
		off += int64(len(text[off:]) - len(strings.TrimLeft(text[off:], " \t\r\n")))
		return game.Sum[Picture]{}, fmt.Errorf("%s: text after the picture", where(text, off))
	}
	ids := map[int64]int{}
	vertex := func(raw json.RawMessage, what string) (int64, error) {
		var v int64
		if err := json.Unmarshal(raw, &v); err != nil || v < 0 {
			return 0, fmt.Errorf("%s: %s is not a vertex (a non-negative integer)", what, cut(string(raw)))
		}
		return v, nil
	}
	if pj.Ground == nil {
		ids[0] = 0
	}
	for i, raw := range pj.Ground {
		v, err := vertex(raw, fmt.Sprintf("ground %d", i+1))
		if err != nil {
			return game.Sum[Picture]{}, err
		}
		ids[v] = 0
	}
	if len(ids) == 0 {
		return game.Sum[Picture]{}, errors.New(`"ground": no ground vertex`)
	}
	id := func(v int64) int {
		if k, ok := ids[v]; ok {
			return k
		}
		ids[v] = len(ids)
		return ids[v]
	}
	es := make([]edge, 0, len(pj.Edges))
	for i, raw := range pj.Edges {
		what := fmt.Sprintf("edge %d", i+1)
		if len(raw) != 3 {
			return game.Sum[Picture]{}, fmt.Errorf(`%s: %d values, want 3: [u, v, "L", "R" or "G"]`, what, len(raw))
		}
		u, err := vertex(raw[0], what)
		if err != nil {
			return game.Sum[Picture]{}, err
		}
		v, err := vertex(raw[1], what)
		if err != nil {
			return game.Sum[Picture]{}, err
		}
		var c string
		if err := json.Unmarshal(raw[2], &c); err != nil || (c != "L" && c != "R" && c != "G") {
			return game.Sum[Picture]{}, fmt.Errorf(`%s: colour %s is not "L" (Left's), "R" (Right's) or "G" (green)`, what, cut(string(raw[2])))
		}
		es = append(es, edge{id(u), id(v), c[0]})
	}
	parts, err := splitLimited(es)
	return game.Sum[Picture]{Parts: parts}, err
}

// splitLimited is split for pictures of any size: a component of more
// than MaxEdges edges (a Picture's vertices are bytes) is refused, named
// by its place among the components, before any is written.
func splitLimited(es []edge) ([]Picture, error) {
	find, _ := roots(es)
	size, order := map[int]int{}, map[int]int{}
	for _, e := range es {
		if w := max(e.u, e.v); w != 0 {
			r := find(w)
			if _, ok := order[r]; !ok {
				order[r] = len(order)
			}
			size[r]++
		}
	}
	for _, e := range es {
		if w := max(e.u, e.v); w != 0 && size[find(w)] > MaxEdges {
			r := find(w)
			return nil, fmt.Errorf("component %d: %w", order[r]+1,
				&game.LimitError{What: "a component", Measure: "edges", Got: int64(size[r]), Limit: MaxEdges})
		}
	}
	return split(es), nil
}

// jsonError turns a JSON decoding error into one line that says where.
func jsonError(text string, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s: %v", where(text, se.Offset), se)
	case errors.As(err, &te):
		return fmt.Errorf("%s: %q must be %s, not a JSON %s", where(text, te.Offset), te.Field, te.Type, te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: the JSON picture ends early", where(text, int64(len(text))))
	}
	return fmt.Errorf("the JSON picture: %s", strings.ReplaceAll(err.Error(), "\n", " "))
}

// where names the line and column of byte offset off of text.
func where(text string, off int64) string {
	off = min(max(off, 0), int64(len(text)))
	before := text[:off]
	line := strings.Count(before, "\n") + 1
	col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
	return fmt.Sprintf("line %d, column %d", line, col)
}

// cut returns s, cut short for an error.
func cut(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// Format writes stalks when every component is a stalk, and a JSON
// picture otherwise (the components drawn apart, sharing the ground).
func (rules) Format(s game.Sum[Picture]) string {
	stalks := make([]string, 0, len(s.Parts))
	for _, p := range s.Parts {
		c, ok := p.stalk()
		if !ok {
			return formatJSON(s.Parts)
		}
		stalks = append(stalks, c)
	}
	return strings.Join(stalks, " ")
}

// formatJSON writes parts as one JSON picture, ground 0.
func formatJSON(parts []Picture) string {
	var b bytes.Buffer
	b.WriteString(`{"edges": [`)
	base, first := 0, true
	for _, p := range parts {
		top := 0
		for _, e := range p.edges() {
			if !first {
				b.WriteString(", ")
			}
			first = false
			u, v := e.u, e.v
			if u != 0 {
				u += base
			}
			if v != 0 {
				v += base
			}
			fmt.Fprintf(&b, `[%d, %d, "%c"]`, u, v, e.c)
			top = max(top, e.v)
		}
		base += top
	}
	b.WriteString("]}")
	return b.String()
}

// Check refuses a component of more than MaxEdges edges.
func (rules) Check(s game.Sum[Picture]) error {
	for i, p := range s.Parts {
		what := fmt.Sprintf("component %d", i+1)
		if err := game.CheckLimit(what, "edges", int64(len(p)/3), MaxEdges); err != nil {
			return err
		}
		if err := game.CheckLimit(what, "positions (estimated)", p.positions(), MaxPositions); err != nil {
			return err
		}
	}
	return nil
}

// positions returns an upper bound on the positions of component p, the
// subpictures still attached to the ground that play can leave (the empty
// one and p included): for a tree, their number exactly, counted from the
// top down (a vertex carries, for each edge up from it, either nothing or
// that edge with one of the subtrees above it); for a picture with a
// cycle, 2^edges, as each is a set of its edges. It saturates at 2^62.
func (p Picture) positions() int64 {
	const most = 1 << 62
	es := p.edges()
	if len(es) >= 62 {
		return most
	}
	n := 1
	for _, e := range es {
		n = max(n, e.v+1)
	}
	// A picture is its own normal form: edges u < v, vertices numbered
	// breadth first, so in a tree each vertex but the ground has one edge
	// down, to a lower vertex, and the tree's edges are n-1 with no loop.
	down := make([]int, n)
	for _, e := range es {
		if e.u == e.v || down[e.v] != 0 || len(es) != n-1 {
			return 1 << len(es)
		}
		down[e.v] = e.u + 1
	}
	count := make([]int64, n)
	for v := range count {
		count[v] = 1
	}
	for v := n - 1; v > 0; v-- {
		u := down[v] - 1
		count[u] = min(most, mulSat(count[u], count[v]+1, most))
	}
	return count[0]
}

// mulSat returns a·b, or most when it would exceed most (a, b ≥ 1).
func mulSat(a, b, most int64) int64 {
	if a > most/b {
		return most
	}
	return a * b
}

func (rules) PartNoun() string { return "component" }

func (rules) DescribePart(p Picture) string {
	if c, ok := p.stalk(); ok {
		return fmt.Sprintf("a stalk of %d edges: %s", len(c), c)
	}
	var n [3]int
	for _, e := range p.edges() {
		n[strings.IndexByte("LRG", e.c)]++
	}
	return fmt.Sprintf("a picture of %d edges (%d Left's, %d Right's, %d green): %s", len(p)/3, n[0], n[1], n[2], formatJSON([]Picture{p}))
}

// HandMoves lists side's moves on the part's text, when it is a stalk
// (its colours 'L', 'R' and 'G' from the ground up), as a player makes
// them by hand: an edge of side's colour or green cut, pointed at as the
// cell of row its height (0 at the ground), which takes it and everything
// above it away.
func (rules) HandMoves(part string, side game.Side) []game.HandMove {
	own := byte('L')
	if side == game.Right {
		own = 'R'
	}
	if strings.Trim(part, "LRG") != "" {
		return nil
	}
	var out []game.HandMove
	for h := range len(part) {
		if part[h] == own || part[h] == 'G' {
			out = append(out, game.HandMove{Cells: []game.Cell{{Row: h}}, After: part[:h]})
		}
	}
	return out
}
