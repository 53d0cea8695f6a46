package main

import (
	"bytes"
	"strings"
	"testing"

	"nimber/registry"
)

// TestHelpNamesRegisteredGames checks that every help text that lists
// games of a kind names each registered game of that kind: the lists are
// built from the registry, so a game added there cannot be left out.
func TestHelpNamesRegisteredGames(t *testing.T) {
	partizan := func(s registry.Supports) bool { return s.Partizan }
	loopyPartizan := func(s registry.Supports) bool { return s.LoopyPartizan }
	for _, c := range []struct {
		args []string // the command whose help is read
		kind string
		keep func(registry.Supports) bool
	}{
		{[]string{"--help"}, "partizan", partizan},
		{[]string{"value", "--help"}, "partizan", partizan},
		{[]string{"analyze", "--help"}, "partizan", partizan},
		{[]string{"outcome", "--help"}, "loopy partizan", loopyPartizan},
	} {
		var out bytes.Buffer
		root, cancel := newRootCmd(strings.NewReader(""), &out)
		root.SetArgs(c.args)
		root.SetOut(&out)
		if err := root.Execute(); err != nil {
			t.Fatalf("nimber %s: %v", strings.Join(c.args, " "), err)
		}
		cancel()
		words := map[string]bool{}
		for _, w := range strings.FieldsFunc(out.String(), func(r rune) bool { return strings.ContainsRune(" \n(),'", r) }) {
			words[w] = true
		}
		n := 0
		for _, e := range registry.Entries() {
			if !c.keep(e.Supports()) {
				continue
			}
			n++
			if !words[e.Name] {
				t.Errorf("nimber %s does not name the %s game %s", strings.Join(c.args, " "), c.kind, e.Name)
			}
		}
		if n == 0 {
			t.Errorf("the registry has no %s game: the test checks nothing", c.kind)
		}
	}
}

func TestFill(t *testing.T) {
	got := fill("a bb  ccc\n dddd eeeee", 8)
	if want := "a bb ccc\ndddd\neeeee"; got != want {
		t.Errorf("fill = %q, want %q", got, want)
	}
}
