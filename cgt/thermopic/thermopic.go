// Package thermopic draws the thermograph of a short partizan game as the
// value page of nimber serve draws it (drawThermograph in
// web/assets/static/common.js): the temperature t upward from 0 (from -1
// when the temperature is negative), values along the bottom with Left's
// side, the positive one, on the left, one unit of t as long as one unit
// of value, the left wall in blue, the right wall in red, the mast at the
// mean in black, the temperature and the mean marked with dashed lines.
//
// Layout computes the picture once, as lines, paths and texts in the
// page's pixels, with the page's own arithmetic; WriteSVG writes it as a
// standalone SVG file (the page's styles as presentation attributes) and
// WritePNG rasterizes the same lines at a scale (golang.org/x/image/vector)
// with the texts in a bitmap font.
package thermopic

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"nimber/cgt"
)

// kind is the kind of an element of a picture.
type kind int

const (
	line kind = iota // a straight line from pts[0] to pts[1]
	path             // a polyline through pts
	text             // words at (x, y)
)

// element is one drawn thing of a picture, with the page's class that
// says its style.
type element struct {
	kind  kind
	class string
	pts   [][2]float64
	// A text's anchor point, "start", "middle" or "end", and whether it is
	// turned a quarter counterclockwise around (x, y).
	x, y   float64
	anchor string
	turned bool
	words  string
}

// Picture is a thermograph laid out for drawing: its size in the page's
// pixels, its title and description, and what it draws in order.
type Picture struct {
	// Width and Height are the picture's size in pixels (the SVG's units).
	Width, Height int
	// Title names the game ("Thermograph of G"); Desc says its mean,
	// temperature and walls at the bottom, for readers of the picture.
	Title, Desc string
	elems       []element
}

// margins of the picture around the plot, in pixels, as the page's.
const (
	marginLeft   = 52
	marginRight  = 16
	marginTop    = 34
	marginBottom = 52
)

// Layout lays out the thermograph th of the game called title (its
// canonical form) as the value page draws it. It fails on a thermograph
// that is not one nimber value gives (a wall without segments, a number
// it cannot read).
func Layout(th *cgt.ThermographData, title string) (*Picture, error) {
	if th == nil || len(th.Left) == 0 || len(th.Right) == 0 {
		return nil, errors.New("thermopic: a thermograph without walls")
	}
	T, errT := num(th.Temperature)
	mean, errM := num(th.Mean)
	left, errL := readWall(th.Left)
	right, errR := readWall(th.Right)
	if err := cmp.Or(reading("temperature", errT), reading("mean", errM), reading("left wall", errL), reading("right wall", errR)); err != nil {
		return nil, err
	}
	lo := 0.0
	if T < 0 {
		lo = -1
	}
	hi := math.Max(T, 0) + math.Max(1, math.Max(T, 0)/3)
	lp, rp := left.points(lo, hi), right.points(lo, hi)
	vmax, vmin := mean, mean
	for _, p := range append(append([][2]float64{}, lp...), rp...) {
		vmax, vmin = math.Max(vmax, p[1]), math.Min(vmin, p[1])
	}
	pad := math.Max((vmax-vmin)*0.08, 0.5)
	vmax += pad
	vmin -= pad
	// At least as wide as 1.5 times the height, centred, so that a cold
	// game's mast stands in a readable picture.
	if wide := 1.5*(hi-lo) - (vmax - vmin); wide > 0 {
		vmax += wide / 2
		vmin -= wide / 2
	}
	// Values too long to write under every tick are written at the mean
	// only.
	huge := math.Max(math.Abs(vmax), math.Abs(vmin)) >= 1e5
	// One unit of t is one unit of value, so that the walls' slopes are 45
	// degrees; the picture fits in about 520 x 380 px.
	unit := math.Min(math.Min(520/(vmax-vmin), 340/(hi-lo)), 120)
	// At least 320 px of values, so that the axis' words fit under a cold
	// game's narrow picture.
	if short := 320/unit - (vmax - vmin); short > 0 {
		vmax += short / 2
		vmin -= short / 2
	}
	p := &Picture{
		Width:  int(math.Floor(marginLeft + marginRight + unit*(vmax-vmin) + 0.5)),
		Height: int(math.Floor(marginTop + marginBottom + unit*(hi-lo) + 0.5)),
		Title:  "Thermograph of " + title,
	}
	X := func(v float64) float64 { return marginLeft + (vmax-v)*unit } // positive to the left
	Y := func(t float64) float64 { return marginTop + (hi-t)*unit }
	base := math.Max(lo, 0)
	p.Desc = fmt.Sprintf("Mean %s, temperature %s. Left wall from %s, right wall from %s at t = %s.",
		th.Mean, th.Temperature, tick(left.at(base)), tick(right.at(base)), jsNumber(base))
	ln := func(class string, x1, y1, x2, y2 float64) {
		p.elems = append(p.elems, element{kind: line, class: class, pts: [][2]float64{{x1, y1}, {x2, y2}}})
	}
	words := func(class string, x, y float64, anchor, s string) {
		p.elems = append(p.elems, element{kind: text, class: class, x: x, y: y, anchor: anchor, words: s})
	}
	// Grid and ticks.
	vs := step(vmax-vmin, math.Max(3, math.Min(8, math.Floor(unit*(vmax-vmin)/60))))
	for v := math.Ceil(vmin/vs) * vs; v <= vmax; v += vs {
		ln("grid", X(v), Y(hi), X(v), Y(lo))
		if !huge {
			words("", X(v), Y(lo)+16, "middle", tick(v))
		}
	}
	ts := step(hi-lo, 7)
	for t := math.Ceil(lo/ts) * ts; t <= hi+1e-9; t += ts {
		ln("grid", X(vmax), Y(t), X(vmin), Y(t))
		words("", marginLeft-6, Y(t)+4, "end", tick(t))
	}
	if lo < 0 {
		ln("zero", X(vmax), Y(0), X(vmin), Y(0))
	}
	ln("axis", X(vmax), Y(lo), X(vmin), Y(lo))
	ln("axis", X(vmax), Y(lo), X(vmax), Y(hi))
	axis := "value (← Left, positive · Right, negative →)"
	if huge {
		axis = fmt.Sprintf("value, ticks every %s (← Left, positive · Right, negative →)", tick(vs))
	}
	words("", (X(vmax)+X(vmin))/2, float64(p.Height)-10, "middle", axis)
	p.elems = append(p.elems, element{kind: text, x: 14, y: Y((lo + hi) / 2), anchor: "middle", turned: true, words: "temperature t"})
	// The temperature and the mean.
	ln("mark temperature", X(vmax), Y(T), X(vmin), Y(T))
	words("mark-label", X(vmin)-4, Y(T)-5, "end", "temperature "+th.Temperature)
	ln("mark mean", X(mean), Y(lo), X(mean), Y(T))
	words("mark-label", X(mean), marginTop-8, "middle", "mean "+th.Mean)
	// The walls below the temperature, and the mast above it.
	cut := math.Max(T, lo)
	for _, w := range []struct {
		class string
		pts   [][2]float64
		wall  wall
	}{{"wall-left", lp, left}, {"wall-right", rp, right}} {
		var pts [][2]float64
		for _, q := range w.pts {
			if q[0] <= T+1e-9 {
				pts = append(pts, [2]float64{X(q[1]), Y(q[0])})
			}
		}
		pts = append(pts, [2]float64{X(w.wall.at(cut)), Y(cut)})
		p.elems = append(p.elems, element{kind: path, class: w.class, pts: pts})
	}
	ln("mast", X(mean), Y(cut), X(mean), Y(hi))
	return p, nil
}

// wall is a wall's segments as numbers: from[i], value[i] and slope[i].
type wall struct {
	from, value, slope []float64
}

// readWall reads a wall's segments, sorted by their temperatures.
func readWall(segs []cgt.Segment) (wall, error) {
	var w wall
	for _, s := range segs {
		f, errF := num(s.From)
		v, errV := num(s.Value)
		if err := cmp.Or(errF, errV); err != nil {
			return wall{}, err
		}
		w.from, w.value, w.slope = append(w.from, f), append(w.value, v), append(w.slope, float64(s.Slope))
	}
	return w, nil
}

// at is the wall's value at t: that of the last segment from t or below
// (the first when none is).
func (w wall) at(t float64) float64 {
	i := 0
	for k, f := range w.from {
		if f <= t {
			i = k
		}
	}
	return w.value[i] + w.slope[i]*(t-w.from[i])
}

// points are the corners of the wall from t = lo to t = hi, as (t, value).
func (w wall) points(lo, hi float64) [][2]float64 {
	ts := []float64{lo}
	for _, f := range w.from {
		if f > lo && f < hi {
			ts = append(ts, f)
		}
	}
	ts = append(ts, hi)
	out := make([][2]float64, len(ts))
	for i, t := range ts {
		out[i] = [2]float64{t, w.at(t)}
	}
	return out
}

// reading is err, if any, said as an error of Layout reading what.
func reading(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("thermopic: %s: %w", what, err)
}

// num reads a dyadic rational as CGSuite writes it ("-3/2").
func num(s string) (float64, error) {
	p, q, frac := strings.Cut(s, "/")
	n, err := strconv.ParseFloat(p, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if !frac {
		return n, nil
	}
	d, err := strconv.ParseFloat(q, 64)
	if err != nil || d == 0 {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return n / d, nil
}

// step is a round spacing of ticks for a range: 1/4, 1/2, 1, 2, 5, 10,
// ..., at most most ticks.
func step(span, most float64) float64 {
	for _, s := range []float64{0.25, 0.5} {
		if span/s <= most {
			return s
		}
	}
	for p := 1.0; ; p *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if span/(m*p) <= most {
				return m * p
			}
		}
	}
}

// tick writes a tick's number as the page does: integers, halves to
// sixteenths as fractions, else two decimals, with a true minus sign.
func tick(x float64) string {
	if x == math.Trunc(x) && !math.IsInf(x, 0) {
		if x < 0 {
			return "−" + jsNumber(-x)
		}
		return jsNumber(x)
	}
	for _, d := range []float64{2, 4, 8, 16} {
		if n := x * d; n == math.Trunc(n) {
			sign := ""
			if n < 0 {
				sign = "−"
			}
			return sign + jsNumber(math.Abs(n)) + "/" + jsNumber(d)
		}
	}
	return strings.Replace(strconv.FormatFloat(x, 'f', 2, 64), "-", "−", 1)
}

// jsNumber writes x as JavaScript's String(x) does for the numbers of a
// picture: the shortest decimal that reads back as x, no exponent, and 0
// for -0.
func jsNumber(x float64) string {
	if x == 0 {
		return "0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// fixed1 writes x with one decimal as JavaScript's x.toFixed(1) does (a
// tie rounds up, where Go's formatting rounds to even).
func fixed1(x float64) string {
	if t := x * 20; t == math.Trunc(t) && math.Mod(math.Abs(t), 2) == 1 {
		x = math.Floor(x*10+0.5) / 10
	}
	if x == 0 {
		x = 0 // -0 is written 0.0, as JavaScript does
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}
