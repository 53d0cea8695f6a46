package main

import (
	"bytes"
	"fmt"
	"os"

	"nimber/cgt"
	"nimber/cgt/thermopic"
)

// pngScale is the pixels of --png's picture for each unit of the SVG, as
// the value page's Download PNG draws it.
const pngScale = 2

// needsThermograph reports whether the thermograph is to be computed:
// printed (--thermograph) or drawn (--svg, --png).
func (f valueFlags) needsThermograph() bool {
	return f.thermograph || f.svg != "" || f.png != ""
}

// thermographFlag names the first flag given that asks for a thermograph,
// for the refusal of a loopy game; "" when none is.
func (f valueFlags) thermographFlag() string {
	switch {
	case f.thermograph:
		return "--thermograph"
	case f.svg != "":
		return "--svg"
	case f.png != "":
		return "--png"
	}
	return ""
}

// savePictures saves the thermograph of a short game's description d in
// the files of --svg and --png, and returns d without its walls unless
// --thermograph asks for them too. A loopy game's description (refused
// before with these flags) is returned as it is.
func savePictures[D any](f valueFlags, d D) (D, error) {
	desc, ok := any(d).(cgt.Description)
	if !ok || (f.svg == "" && f.png == "") {
		return d, nil
	}
	if desc.Thermograph == nil {
		return d, fmt.Errorf("value: no thermograph to draw")
	}
	p, err := thermopic.Layout(desc.Thermograph, desc.Canonical)
	if err != nil {
		return d, fmt.Errorf("value: %w", err)
	}
	for _, out := range []struct {
		flag, file string
		write      func(*bytes.Buffer) error
	}{
		{"--svg", f.svg, func(b *bytes.Buffer) error { return p.WriteSVG(b) }},
		{"--png", f.png, func(b *bytes.Buffer) error { return p.WritePNG(b, pngScale) }},
	} {
		if out.file == "" {
			continue
		}
		var b bytes.Buffer
		if err := out.write(&b); err != nil {
			return d, fmt.Errorf("value: %s %s: %w", out.flag, out.file, err)
		}
		if err := os.WriteFile(out.file, b.Bytes(), 0o644); err != nil {
			return d, fmt.Errorf("value: %s: %w", out.flag, err) // the error names the file
		}
	}
	if !f.thermograph {
		desc.Thermograph = nil
		d, _ = any(desc).(D)
	}
	return d, nil
}
