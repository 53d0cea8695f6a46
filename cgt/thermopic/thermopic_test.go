package thermopic

import (
	"bytes"
	"image"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"nimber/cgt"
	"nimber/internal/golden"
)

// thermograph returns the thermograph of expr as nimber value gives it.
func thermograph(t *testing.T, expr string) (*cgt.ThermographData, string) {
	t.Helper()
	c := cgt.New(0)
	g, err := c.Parse(expr)
	if err != nil {
		t.Fatal(err)
	}
	th, err := c.DescribeThermograph(g)
	if err != nil {
		t.Fatal(err)
	}
	return th, c.Notation(g)
}

// TestSVGGolden compares the SVG of two thermographs with the files in
// testdata (go test ./cgt/thermopic -update rewrites them): {1|^^||^}, the
// README's example, and {3/2|*}, Domineering's ...#|....|....|...#.
func TestSVGGolden(t *testing.T) {
	for _, tc := range []struct{ expr, file string }{
		{"{1|^^||^}", "cold.svg"},
		{"{3/2|*}", "domineering.svg"},
		{"1/2", "half.svg"},
	} {
		th, title := thermograph(t, tc.expr)
		p, err := Layout(th, title)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := p.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join("testdata", tc.file)
		if b.String() != golden.File(t, file, b.String()) {
			t.Errorf("%s: the SVG differs from %s (go test ./cgt/thermopic -update rewrites it):\n%s", tc.expr, file, b.String())
		}
	}
}

// TestLayout checks the page's geometry on {2|-1} (web/browser_value_test.go
// checks the page's own): at t = 0 the walls stand at 2 and -1, the left
// one on the left, and both meet the mast at the mean 1/2 at t = 3/2,
// slopes of 45 degrees.
func TestLayout(t *testing.T) {
	th, title := thermograph(t, "{2|-1}")
	p, err := Layout(th, title)
	if err != nil {
		t.Fatal(err)
	}
	var walls [][][2]float64
	var mast []element
	for _, e := range p.elems {
		switch {
		case e.kind == path:
			walls = append(walls, e.pts)
		case e.class == "mast":
			mast = append(mast, e)
		}
	}
	if len(walls) != 2 || len(mast) != 1 {
		t.Fatalf("%d walls and %d masts", len(walls), len(mast))
	}
	l, r := walls[0], walls[1]
	lx, ly, rx, ry := l[0][0], l[0][1], r[0][0], r[0][1]
	le, re := l[len(l)-1], r[len(r)-1]
	unit := (rx - lx) / 3
	m := mast[0].pts
	switch {
	case !(lx < rx) || ly != ry:
		t.Errorf("the walls start at (%v,%v) and (%v,%v)", lx, ly, rx, ry)
	case le != re || m[0] != le:
		t.Errorf("the walls end at %v and %v, the mast starts at %v", le, re, m[0])
	case abs(m[0][0]-(lx+1.5*unit)) > 1e-9 || abs(ly-le[1]-1.5*unit) > 1e-9 || !(m[1][1] < m[0][1]):
		t.Errorf("the mast %v, want x=%v from y=%v", m, lx+1.5*unit, ly-1.5*unit)
	}
	if !strings.Contains(p.Desc, "Mean 1/2, temperature 3/2. Left wall from 2, right wall from −1 at t = 0.") {
		t.Errorf("desc %q", p.Desc)
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestPNG checks the PNG of a thermograph: it decodes, has twice the
// SVG's size, and draws the walls in their colours.
func TestPNG(t *testing.T) {
	th, title := thermograph(t, "{3/2|*}")
	p, err := Layout(th, title)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := p.WritePNG(&b, 2); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds(), image.Rect(0, 0, 2*p.Width, 2*p.Height); got != want {
		t.Errorf("PNG %v, want %v", got, want)
	}
	colours := map[[3]uint32]int{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, b >> 8}]++
		}
	}
	for name, c := range map[string][3]uint32{"left wall": {0x1f, 0x5f, 0xa8}, "right wall": {0xa6, 0x1b, 0x1b}, "mast": {0x1d, 0x23, 0x27}} {
		if colours[c] < 200 {
			t.Errorf("the %s's colour %x on %d pixels", name, c, colours[c])
		}
	}
	// Mostly white, not all: a blank picture fails.
	all := img.Bounds().Dx() * img.Bounds().Dy()
	if white := colours[[3]uint32{255, 255, 255}]; white < all/2 || white > all*97/100 {
		t.Errorf("%d white pixels of %d", white, all)
	}
	if err := p.WritePNG(&b, 0); err == nil {
		t.Error("scale 0 accepted")
	}
}

// TestLayoutRefuses checks that a thermograph nimber does not give is
// refused with an error, not a panic.
func TestLayoutRefuses(t *testing.T) {
	for _, th := range []*cgt.ThermographData{
		nil,
		{Mean: "0", Temperature: "0"},
		{Left: []cgt.Segment{{From: "x", Value: "0"}}, Right: []cgt.Segment{{From: "-1", Value: "0"}}, Mean: "0", Temperature: "-1"},
		{Left: []cgt.Segment{{From: "-1", Value: "0"}}, Right: []cgt.Segment{{From: "-1", Value: "1/0"}}, Mean: "0", Temperature: "-1"},
		{Left: []cgt.Segment{{From: "-1", Value: "0"}}, Right: []cgt.Segment{{From: "-1", Value: "0"}}, Mean: "", Temperature: "-1"},
	} {
		if _, err := Layout(th, "G"); err == nil {
			t.Errorf("Layout(%+v) accepted", th)
		}
	}
}
