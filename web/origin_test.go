package web

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestHostAllowList checks that a server given Hosts answers only requests
// whose Host is one of them or a loopback name, with 421 and a JSON error
// otherwise: a DNS-rebinding page reaches the server under its own name.
func TestHostAllowList(t *testing.T) {
	s, _ := newTestServer(t, Options{Hosts: []string{"localhost", "games.lan"}})
	allowed := []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.2", "games.lan:8080", "app.localhost:8080"}
	refused := []string{"evil.example", "evil.example:8080", "games.lan.evil.example", "10.0.0.1:8080", ""}
	for _, host := range append(allowed, refused...) {
		req := httptest.NewRequest("GET", "/api/games", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		want := http.StatusOK
		if !slices.Contains(allowed, host) {
			want = http.StatusMisdirectedRequest
		}
		if rec.Code != want {
			t.Errorf("Host %q: %d, want %d", host, rec.Code, want)
		}
		if want != http.StatusOK && !strings.Contains(rec.Body.String(), `"error":"host `) {
			t.Errorf("Host %q: body %q, want a JSON error", host, rec.Body.String())
		}
	}
}

// TestCrossOrigin checks that API calls sent by another site's page are
// refused with 403, while the server's own pages and tools without
// browser headers (curl) are served.
func TestCrossOrigin(t *testing.T) {
	s, _ := newTestServer(t, Options{})
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"no browser headers", nil, http.StatusOK},
		{"same origin", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://example.com"}, http.StatusOK},
		{"cross site", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"old browser, other origin", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/api/play/nim", strings.NewReader(`{"position":"3 4"}`))
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Errorf("%d, want %d: %s", rec.Code, tc.want, rec.Body.String())
			}
			if tc.want == http.StatusForbidden && !strings.Contains(rec.Body.String(), "cross-origin request refused") {
				t.Errorf("body %q, want the JSON error", rec.Body.String())
			}
		})
	}
}
