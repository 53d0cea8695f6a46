package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"time"

	"nimber/web/assets"
)

// asset is one embedded file, ready to serve.
type asset struct {
	data        []byte
	etag        string // strong validator: a hash of data
	contentType string
}

// contentTypes fixes the types of the front end's files, whatever the
// machine's MIME tables say.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".map":         "application/json",
	".woff2":       "font/woff2",
	".webmanifest": "application/manifest+json",
}

// page is one page of the front end: its path and its nav label.
type page struct {
	Href, Label string
	file        string // its template in assets/pages
}

// sitePages are the pages, in the order of the nav bar.
var sitePages = []page{
	{"/", "nimber", "index.html"},
	{"/play", "Play", "play.html"},
	{"/partizan", "Partizan", "partizan.html"},
	{"/tables", "Tables & sequences", "tables.html"},
	{"/compound", "Compounds", "compound.html"},
	{"/value", "Values", "value.html"},
	{"/census", "Census", "census.html"},
}

// loadAssets reads every embedded file of the front end, keyed by its path
// under "static" (e.g. "play.js"), and renders every page into its
// template's name (e.g. "play.html").
func loadAssets() (map[string]*asset, error) {
	files := map[string]*asset{}
	add := func(name string, data []byte) {
		sum := sha256.Sum256(data)
		ext := path.Ext(name)
		ct, ok := contentTypes[ext]
		if !ok {
			ct = mime.TypeByExtension(ext)
		}
		if ct == "" {
			ct = http.DetectContentType(data)
		}
		files[name] = &asset{data: data, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, contentType: ct}
	}
	static, err := fs.Sub(assets.FS, "static")
	if err != nil {
		return nil, err
	}
	err = fs.WalkDir(static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(static, name)
		if err == nil {
			add(name, data)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, p := range sitePages {
		data, err := renderPage(p)
		if err != nil {
			return nil, err
		}
		add(p.file, data)
	}
	return files, nil
}

// navItem is a link of the nav bar.
type navItem struct {
	Href, Label    string
	Brand, Current bool
}

// templateArgs is the pages' function args, which makes the argument of
// a template call from its fields' names and values:
// {{template "downloads" (args "ID" "seq" "Of" "the sequence")}}.
func templateArgs(kv ...string) (map[string]string, error) {
	if len(kv)%2 != 0 {
		return nil, fmt.Errorf("args: %d arguments, want name and value pairs", len(kv))
	}
	m := make(map[string]string, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m, nil
}

// renderPage executes the layout with the page's template.
func renderPage(p page) ([]byte, error) {
	t, err := template.New("layout.html").Funcs(template.FuncMap{"args": templateArgs}).ParseFS(assets.FS, "pages/layout.html", "pages/"+p.file)
	if err != nil {
		return nil, err
	}
	var nav []navItem
	for i, q := range sitePages {
		nav = append(nav, navItem{Href: q.Href, Label: q.Label, Brand: i == 0, Current: q.Href == p.Href})
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "layout.html", struct{ Nav []navItem }{nav}); err != nil {
		return nil, fmt.Errorf("page %s: %w", p.file, err)
	}
	return b.Bytes(), nil
}

// Cache policies: pages are revalidated on every load (cheap with the
// ETag), assets are reused for a few minutes.
const (
	pageCache  = "no-cache"
	assetCache = "public, max-age=300"
)

// pages registers the pages and the assets.
func (s *Server) pages() {
	for _, p := range sitePages {
		pattern := "GET " + p.Href
		if p.Href == "/" {
			pattern = "GET /{$}"
		}
		s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			s.serveFile(w, r, p.file, pageCache)
		})
	}
	s.mux.HandleFunc("GET /assets/{path...}", func(w http.ResponseWriter, r *http.Request) {
		s.serveFile(w, r, r.PathValue("path"), assetCache)
	})
}

// serveFile writes the embedded file name, or 404. Conditional requests
// (If-None-Match) and ranges are handled by http.ServeContent.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cache string) {
	a, ok := s.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", cache)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(a.data))
}
