package thermopic

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// WritePNG writes the picture as a PNG image of scale pixels for each of
// the SVG's units (the value page's Download PNG draws at 2), on white:
// the same lines rasterized with their widths, dashes and round joins,
// the texts in a 7 x 13 bitmap font drawn at the scale, with ASCII for
// the arrows and minus signs that font lacks.
func (p *Picture) WritePNG(w io.Writer, scale int) error {
	if scale < 1 || scale > 16 {
		return fmt.Errorf("thermopic: PNG scale %d out of range 1..16", scale)
	}
	img := image.NewRGBA(image.Rect(0, 0, p.Width*scale, p.Height*scale))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	s := float64(scale)
	for _, e := range p.elems {
		st := styleOf(e)
		switch e.kind {
		case line, path:
			c, err := hexColor(st.stroke)
			if err != nil {
				return err
			}
			pts := make([][2]float64, len(e.pts))
			for i, q := range e.pts {
				pts[i] = [2]float64{q[0] * s, q[1] * s}
			}
			dash := make([]float64, len(st.dash))
			for i, d := range st.dash {
				dash[i] = d * s
			}
			stroke(img, pts, st.width*s, dash, st.round, c)
		case text:
			c, err := hexColor(st.fill)
			if err != nil {
				return err
			}
			words(img, e, scale, st.bold, c)
		}
	}
	b := bufio.NewWriter(w)
	if err := png.Encode(b, img); err != nil {
		return err
	}
	return b.Flush()
}

// hexColor reads a colour written #rrggbb.
func hexColor(s string) (color.RGBA, error) {
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return color.RGBA{}, fmt.Errorf("thermopic: colour %q", s)
	}
	return color.RGBA{R: uint8(n >> 16), G: uint8(n >> 8), B: uint8(n), A: 255}, nil
}

// stroke draws the polyline pts of the given width in colour c onto img:
// each piece a rectangle along it (cut into dashes, on and off, when dash
// is given), the corners rounded when round.
func stroke(img *image.RGBA, pts [][2]float64, width float64, dash []float64, round bool, c color.Color) {
	b := img.Bounds()
	r := vector.NewRasterizer(b.Dx(), b.Dy())
	half := width / 2
	on, phase := true, 0.0 // where in the dash pattern the pen is
	for i := 0; i+1 < len(pts); i++ {
		a, z := pts[i], pts[i+1]
		length := math.Hypot(z[0]-a[0], z[1]-a[1])
		if length == 0 {
			continue
		}
		if len(dash) == 0 {
			quad(r, a, z, half)
			continue
		}
		for done := 0.0; done < length; {
			k := 0
			if !on {
				k = 1
			}
			n := math.Min(dash[k]-phase, length-done)
			if on {
				quad(r, at(a, z, done/length), at(a, z, (done+n)/length), half)
			}
			done += n
			if phase += n; phase >= dash[k] {
				on, phase = !on, 0
			}
		}
	}
	if round {
		for _, q := range pts[1 : len(pts)-1] {
			disc(r, q, half)
		}
	}
	r.Draw(img, b, image.NewUniform(c), image.Point{})
}

// at is the point a fraction f of the way from a to z.
func at(a, z [2]float64, f float64) [2]float64 {
	return [2]float64{a[0] + f*(z[0]-a[0]), a[1] + f*(z[1]-a[1])}
}

// quad adds the rectangle of half-width half along a to z, turning the
// same way as every other shape (the rasterizer adds signed areas).
func quad(r *vector.Rasterizer, a, z [2]float64, half float64) {
	dx, dy := z[0]-a[0], z[1]-a[1]
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*half, dx/l*half
	polygon(r, [][2]float64{{a[0] + nx, a[1] + ny}, {z[0] + nx, z[1] + ny}, {z[0] - nx, z[1] - ny}, {a[0] - nx, a[1] - ny}})
}

// disc adds a disc of radius rad around q, as a polygon of 24 sides.
func disc(r *vector.Rasterizer, q [2]float64, rad float64) {
	const n = 24
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / n
		pts[i] = [2]float64{q[0] + rad*math.Cos(a), q[1] + rad*math.Sin(a)}
	}
	polygon(r, pts)
}

// polygon adds the closed polygon pts to r, clockwise on the screen
// whichever way pts go, so that overlapping shapes add up and never
// cancel.
func polygon(r *vector.Rasterizer, pts [][2]float64) {
	area := 0.0
	for i, q := range pts {
		z := pts[(i+1)%len(pts)]
		area += q[0]*z[1] - z[0]*q[1]
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	r.MoveTo(float32(pts[0][0]), float32(pts[0][1]))
	for _, q := range pts[1:] {
		r.LineTo(float32(q[0]), float32(q[1]))
	}
	r.ClosePath()
}

// ascii replaces the characters the bitmap font lacks.
var ascii = strings.NewReplacer("−", "-", "←", "<-", "→", "->", "·", "|")

// words draws a text element onto img at the scale in colour c: the text
// in basicfont's 7 x 13 face, each of its pixels a scale x scale square,
// anchored and turned as the SVG's text is; bold draws it twice, a pixel
// apart.
func words(img *image.RGBA, e element, scale int, bold bool, c color.Color) {
	face := basicfont.Face7x13
	s := ascii.Replace(e.words)
	width := font.MeasureString(face, s).Ceil()
	asc, desc := face.Metrics().Ascent.Ceil(), face.Metrics().Descent.Ceil()
	glyphs := image.NewAlpha(image.Rect(0, 0, width+1, asc+desc))
	d := font.Drawer{Dst: glyphs, Src: image.Opaque, Face: face, Dot: fixed.P(0, asc)}
	d.DrawString(s)
	if bold {
		d.Dot = fixed.P(1, asc)
		d.DrawString(s)
	}
	dx0 := 0
	switch e.anchor {
	case "middle":
		dx0 = -width / 2
	case "end":
		dx0 = -width
	}
	src := image.NewUniform(c)
	for y := range asc + desc {
		for x := range width + 1 {
			if glyphs.AlphaAt(x, y).A == 0 {
				continue
			}
			// The pixel's offset from the anchor point, in SVG units.
			ox, oy := float64(dx0+x), float64(y-asc)
			if e.turned { // rotate(-90) around the anchor
				ox, oy = oy, -ox
			}
			px := int(math.Floor((e.x + ox) * float64(scale)))
			py := int(math.Floor((e.y + oy) * float64(scale)))
			draw.Draw(img, image.Rect(px, py, px+scale, py+scale), src, image.Point{}, draw.Over)
		}
	}
}
