package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nimber/internal/golden"
)

// TestValuePictures saves thermographs with --svg and --png: the SVG of
// {1|^^||^} is thermopic's golden file, a Domineering position's PNG
// decodes at twice the SVG's size and is not blank, --svg=FILE after --
// is read as a flag, and --json without --thermograph keeps its keys.
func TestValuePictures(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "cold.svg")
	succeeds(t, "value", "{1|^^||^}", "--svg", svg)
	got := golden.Read(t, svg)
	want := golden.Read(t, "../../cgt/thermopic/testdata/cold.svg")
	if string(got) != string(want) {
		t.Errorf("value '{1|^^||^}' --svg wrote\n%s\nwant cgt/thermopic/testdata/cold.svg:\n%s", got, want)
	}

	pngFile, svgFile := filepath.Join(dir, "d.png"), filepath.Join(dir, "d.svg")
	code, out, errOut := nimber(t, "", "value", "--game", "domineering", "...#|....|....|...#", "--json", "--png", pngFile, "--svg="+svgFile)
	if code != 0 || strings.Contains(out, "thermograph") || !strings.Contains(out, `"canonical": "{3/2|*}"`) {
		t.Fatalf("value --game domineering --json --png: exit %d, %s%s (want the JSON of {3/2|*} without the walls)", code, out, errOut)
	}
	f, err := os.Open(pngFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", pngFile, err)
	}
	text := golden.Read(t, svgFile)
	// The SVG of {3/2|*} is 388 x 296 (thermopic's testdata/domineering.svg).
	if !strings.Contains(string(text), `width="388" height="296"`) || img.Bounds() != image.Rect(0, 0, 776, 592) {
		t.Errorf("the PNG is %v, want 776 x 592, twice the SVG's %.200q", img.Bounds(), text)
	}
	inked := 0
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if r, g, b, _ := img.At(x, y).RGBA(); r&g&b != 0xffff {
				inked++
			}
		}
	}
	if inked < 5000 {
		t.Errorf("the PNG has %d pixels that are not white", inked)
	}

	neg := filepath.Join(dir, "neg.svg")
	succeeds(t, "value", "--", "-1/2", "--svg="+neg, "--thermograph")
	if text, err := os.ReadFile(neg); err != nil || !strings.Contains(string(text), "Thermograph of -1/2") {
		t.Errorf("value -- -1/2 --svg=FILE: %v, %.300q", err, text)
	}
}

// TestValuePictureRefusals checks the one-line refusals, exit status 2:
// loopy games have no thermograph, a file that cannot be written is named.
func TestValuePictureRefusals(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"value: --svg: a loopy game has no thermograph here", []string{"a{0|a}", "--svg", filepath.Join(dir, "x.svg")}},
		{"--png: its positions repeat, and a loopy game has no thermograph here", []string{"--game", "fox-and-geese", "geese 4,2 4,4 4,6 4,8 fox 1,1", "--png", filepath.Join(dir, "x.png")}},
		{"value: --svg: open " + filepath.Join(dir, "no", "x.svg") + ": no such file or directory", []string{"1", "--svg", filepath.Join(dir, "no", "x.svg")}},
		{"value: --png: open " + dir + ": is a directory", []string{"1", "--png", dir}},
		{"--svg takes a FILE", []string{"1", "--svg="}},
		{"flag needs an argument: --png", []string{"--", "1", "--png"}},
	} {
		refused(t, tc.want, append([]string{"value"}, tc.args...)...)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the refusals left %d files", len(entries))
	}
}
