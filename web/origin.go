package web

import (
	"net"
	"net/http"
	"strings"
)

// hostAllowed reports whether the Host of r names this server: a loopback
// name or address, or one of hosts (compared without the port, case
// apart). With no hosts every Host is allowed: the check is the CLI's
// (nimber serve always gives the list), not a library user's.
func hostAllowed(hosts []string, r *http.Request) bool {
	if len(hosts) == 0 {
		return true
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, h := range hosts {
		if strings.EqualFold(host, strings.Trim(h, "[]")) {
			return true
		}
	}
	return false
}

// newCrossOrigin returns the protection of the API against cross-site
// requests: a POST sent by another site's page (Sec-Fetch-Site or an Origin
// that is not this server's) gets 403 with a JSON error, so that no page
// elsewhere can spend this machine's CPU.
func newCrossOrigin() *http.CrossOriginProtection {
	c := http.NewCrossOriginProtection()
	c.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "cross-origin request refused: the API answers only this server's own pages")
	}))
	return c
}
