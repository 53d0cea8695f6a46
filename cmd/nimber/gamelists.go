package main

import (
	"strings"
	"unicode/utf8"

	"nimber/registry"
)

// registryNames lists the names of the registry's games whose supports
// keep accepts, comma-separated in the registry's order, for the help
// texts: they name games from the registry, never by hand, so a game
// added there is named in every help that speaks of its kind.
func registryNames(keep func(registry.Supports) bool) string {
	var names []string
	for _, e := range registry.Entries() {
		if keep(e.Supports()) {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

// partizanNames lists the registry's partizan games (canonical forms,
// nimber value --game), loopy ones included.
func partizanNames() string {
	return registryNames(func(s registry.Supports) bool { return s.Partizan })
}

// loopyPartizanNames lists the registry's partizan games whose positions
// repeat (valued as loopy games).
func loopyPartizanNames() string {
	return registryNames(func(s registry.Supports) bool { return s.LoopyPartizan })
}

// helpWidth is the width the paragraphs of a help text that name games
// are filled to.
const helpWidth = 80

// withNames returns the help text format with each %s replaced by the
// next of names, in order, and each paragraph (text between blank lines)
// that took a name filled again to helpWidth columns, since a list's
// length is known only at run time. format has no other verbs.
func withNames(format string, names ...string) string {
	paras := strings.Split(format, "\n\n")
	for i, p := range paras {
		n := strings.Count(p, "%s")
		if n == 0 {
			continue
		}
		for _, name := range names[:n] {
			p = strings.Replace(p, "%s", name, 1)
		}
		names = names[n:]
		paras[i] = fill(p, helpWidth)
	}
	return strings.Join(paras, "\n\n")
}

// fill fills the words of a paragraph into lines of at most width
// columns (a longer word alone on its line).
func fill(p string, width int) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(p) {
		n := utf8.RuneCountInString(w)
		switch {
		case line == 0:
		case line+1+n > width:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	return b.String()
}
