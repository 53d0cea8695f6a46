package main

import (
	"runtime/debug"
	"strings"
)

// version describes the build from its embedded build information: the
// module version ("(devel)" for a build from a checkout), then the VCS
// revision, its time and whether the tree had uncommitted changes, and the
// Go version.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	parts := []string{v}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		r := "revision " + rev
		if t := settings["vcs.time"]; t != "" {
			r += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			r += " with uncommitted changes"
		}
		parts = append(parts, r)
	}
	parts = append(parts, info.GoVersion)
	return strings.Join(parts, ", ")
}
