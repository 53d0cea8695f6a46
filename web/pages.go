package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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

// loadAssets reads every embedded file of the front end (assets.FS under
// "static"), keyed by its path there, e.g. "index.html" or "js/play.js".
func loadAssets() (map[string]*asset, error) {
	static, err := fs.Sub(assets.FS, "static")
	if err != nil {
		return nil, err
	}
	files := map[string]*asset{}
	err = fs.WalkDir(static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(static, name)
		if err != nil {
			return err
		}
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
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// Cache policies: pages are revalidated on every load (cheap with the
// ETag), assets are reused for a few minutes.
const (
	pageCache  = "no-cache"
	assetCache = "public, max-age=300"
)

// pages registers the pages and the assets.
func (s *Server) pages() {
	for pattern, file := range map[string]string{
		"GET /{$}":      "index.html",
		"GET /play":     "play.html",
		"GET /tables":   "tables.html",
		"GET /compound": "compound.html",
	} {
		s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			s.serveFile(w, r, file, pageCache)
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
