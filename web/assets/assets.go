// Package assets holds the web front end of nimber serve: the pages
// (index.html, play.html, tables.html, compound.html), their scripts and
// styles, embedded in the binary from the folder static/.
package assets

import "embed"

// FS holds the front end under the folder "static": static/index.html,
// static/app.js and so on. Package web serves it.
//
//go:embed static
var FS embed.FS
