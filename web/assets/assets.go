// Package assets holds the web front end of nimber serve, embedded in the
// binary: the pages, html/template files in pages/ (layout.html, the shell
// every page shares, and one file per page defining its "title", "head"
// and "main"), and the scripts, styles and images in static/.
package assets

import "embed"

// FS holds the folders "pages" and "static". Package web renders the pages
// once, at start, and serves them and the static files.
//
//go:embed pages static
var FS embed.FS
