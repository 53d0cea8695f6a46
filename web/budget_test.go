package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"

	"nimber/web"
)

// pageBudget bounds the bytes of a page's first load: the HTML and every
// asset it references (stylesheets, icons, scripts and the modules they
// import), uncompressed.
const pageBudget = 100 * 1024

var pages = []string{"/", "/play", "/tables", "/compound", "/value"}

var (
	// references of a page: <script src>, <link href>, <img src>
	htmlRef = regexp.MustCompile(`<(?:script|link|img)\b[^>]*?\b(?:src|href)="([^"]+)"`)
	// static imports of an ES module: import ... from '...'; import '...'
	jsImport = regexp.MustCompile(`(?m)^\s*(?:import\s*(?:[^'";]*?\bfrom\s*)?|export\s+[^'";]*?\bfrom\s*)['"]([^'"]+)['"]`)
	// CSS references: url(...) and @import
	cssRef = regexp.MustCompile(`url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]`)
)

func get(t *testing.T, h http.Handler, target string) (body []byte, contentType string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d", target, rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return b, rec.Header().Get("Content-Type")
}

// firstLoad returns every URL a first load of page fetches, with its size.
func firstLoad(t *testing.T, h http.Handler, page string) (files []string, sizes map[string]int) {
	t.Helper()
	sizes = map[string]int{}
	var visit func(u string)
	visit = func(u string) {
		if _, seen := sizes[u]; seen {
			return
		}
		body, ct := get(t, h, u)
		sizes[u] = len(body)
		files = append(files, u)
		var refs []string
		switch {
		case strings.HasPrefix(ct, "text/html"):
			for _, m := range htmlRef.FindAllSubmatch(body, -1) {
				refs = append(refs, string(m[1]))
			}
		case strings.Contains(ct, "javascript"):
			for _, m := range jsImport.FindAllSubmatch(body, -1) {
				refs = append(refs, string(m[1]))
			}
		case strings.HasPrefix(ct, "text/css"):
			for _, m := range cssRef.FindAllSubmatch(body, -1) {
				refs = append(refs, string(m[1])+string(m[2]))
			}
		}
		for _, r := range refs {
			if strings.HasPrefix(r, "data:") {
				continue
			}
			if strings.Contains(r, "://") || strings.HasPrefix(r, "//") {
				t.Errorf("%s references %s on another origin", u, r)
				continue
			}
			if !strings.HasPrefix(r, "/") {
				r = path.Join(path.Dir(u), r)
			}
			visit(r)
		}
	}
	visit(page)
	return files, sizes
}

// TestPageWeight checks the size budget of every page's first load.
func TestPageWeight(t *testing.T) {
	h, err := web.New(web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		files, sizes := firstLoad(t, h, page)
		total := 0
		var parts []string
		for _, f := range files {
			total += sizes[f]
			parts = append(parts, fmt.Sprintf("%s %d", f, sizes[f]))
		}
		t.Logf("%-9s %6d bytes (%.1f KB): %s", page, total, float64(total)/1024, strings.Join(parts, ", "))
		if total > pageBudget {
			t.Errorf("%s: first load is %d bytes, over the budget of %d", page, total, pageBudget)
		}
		if len(files) < 2 {
			t.Errorf("%s references no asset", page)
		}
	}
}

// TestPagesHaveNoInlineCode checks what the Content-Security-Policy
// (default-src 'self') requires of the pages: no inline script, no event
// handler attribute, no style attribute, no javascript: URL.
func TestPagesHaveNoInlineCode(t *testing.T) {
	h, err := web.New(web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	scriptTag := regexp.MustCompile(`<script\b[^>]*>`)
	handler := regexp.MustCompile(`<[^>]*\son[a-z]+\s*=`)
	style := regexp.MustCompile(`<[^>]*\sstyle\s*=`)
	for _, page := range pages {
		body, _ := get(t, h, page)
		for _, c := range []struct {
			re   *regexp.Regexp
			what string
		}{{handler, "an inline event handler"}, {style, "a style attribute"}} {
			if m := c.re.Find(body); m != nil {
				t.Errorf("%s has %s: %s", page, c.what, m)
			}
		}
		for _, tag := range scriptTag.FindAll(body, -1) {
			if !strings.Contains(string(tag), " src=") {
				t.Errorf("%s has an inline <script>: %s", page, tag)
			}
		}
		if strings.Contains(string(body), "javascript:") {
			t.Errorf("%s has a javascript: URL", page)
		}
	}
}
