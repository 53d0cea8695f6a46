package thermopic

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// style is how the page's style sheet (web/assets/static/style.css,
// svg.thermo) draws a class: a line's colour, width and dashes, a text's
// colour and weight.
type style struct {
	stroke string
	width  float64
	dash   []float64
	round  bool // round line joins
	fill   string
	bold   bool
}

// textStyle is the style of the picture's plain texts.
var textStyle = style{fill: "#1d2327"}

// styles are the page's styles of the picture's classes; the first class
// of an element names its style.
var styles = map[string]style{
	"axis":       {stroke: "#5b6570", width: 1},
	"grid":       {stroke: "#e3e6e9", width: 1},
	"wall-left":  {stroke: "#1f5fa8", width: 2.5, round: true},
	"wall-right": {stroke: "#a61b1b", width: 2.5, round: true},
	"mast":       {stroke: "#1d2327", width: 2.5},
	"mark":       {stroke: "#b45309", width: 1.5, dash: []float64{5, 3}},
	"zero":       {stroke: "#5b6570", width: 1, dash: []float64{2, 3}},
	"mark-label": {fill: "#8a3f06", bold: true},
}

// styleOf returns the style of an element.
func styleOf(e element) style {
	if e.kind == text && e.class == "" {
		return textStyle
	}
	class, _, _ := strings.Cut(e.class, " ")
	return styles[class]
}

// WriteSVG writes the picture as a standalone SVG file, as the value
// page's Download SVG does: the page's styles written as presentation
// attributes, on a white background.
func (p *Picture) WriteSVG(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" class="thermo" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="thermo-title thermo-desc" font-size="12px" font-family="system-ui, sans-serif">
<title id="thermo-title">%s</title>
<desc id="thermo-desc">%s</desc>
<rect width="%d" height="%d" fill="#fff"/>
<g>
`, p.Width, p.Height, p.Width, p.Height, escape(p.Title), escape(p.Desc), p.Width, p.Height)
	for _, e := range p.elems {
		st := styleOf(e)
		class := ""
		if e.class != "" {
			class = fmt.Sprintf(` class="%s"`, e.class)
		}
		switch e.kind {
		case line:
			fmt.Fprintf(b, `<line%s x1="%s" y1="%s" x2="%s" y2="%s"%s/>`+"\n", class,
				jsNumber(e.pts[0][0]), jsNumber(e.pts[0][1]), jsNumber(e.pts[1][0]), jsNumber(e.pts[1][1]), st.strokeAttrs())
		case path:
			var d strings.Builder
			for i, q := range e.pts {
				if i == 0 {
					d.WriteString("M")
				} else {
					d.WriteString(" L")
				}
				d.WriteString(fixed1(q[0]) + "," + fixed1(q[1]))
			}
			fmt.Fprintf(b, `<path%s d="%s" fill="none"%s/>`+"\n", class, d.String(), st.strokeAttrs())
		case text:
			turn := ""
			if e.turned {
				turn = fmt.Sprintf(` transform="rotate(-90 %s %s)"`, jsNumber(e.x), jsNumber(e.y))
			}
			weight := ""
			if st.bold {
				weight = ` font-weight="600"`
			}
			fmt.Fprintf(b, `<text%s x="%s" y="%s" text-anchor="%s"%s fill="%s"%s>%s</text>`+"\n", class,
				jsNumber(e.x), jsNumber(e.y), e.anchor, turn, st.fill, weight, escape(e.words))
		}
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Flush()
}

// strokeAttrs writes a line's style as presentation attributes.
func (st style) strokeAttrs() string {
	s := fmt.Sprintf(` stroke="%s" stroke-width="%s"`, st.stroke, jsNumber(st.width))
	if len(st.dash) > 0 {
		s += fmt.Sprintf(` stroke-dasharray="%s %s"`, jsNumber(st.dash[0]), jsNumber(st.dash[1]))
	}
	if st.round {
		s += ` stroke-linejoin="round"`
	}
	return s
}

// escape escapes the text of an XML element.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
