package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"nimber/misere/canon"
)

// TestValueMisere checks nimber value --misere: the words, the JSON
// fields, sums of several EXPRs, and --game positions of impartial games.
func TestValueMisere(t *testing.T) {
	code, out, errOut := nimber(t, "", "value", "--misere", "*[[2],0]")
	want := `*[2#0]
misère outcome N: the player to move wins (misère play: who cannot move wins)
misère nim value 2, nim value 1
genus 1^20
birthday 4
tame no, generally tame no, restive yes, restless no
mate *[2#1]
options: *[0], *[2#]
`
	if code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q, output:\n%s\nwant:\n%s", code, errOut, out, want)
	}
	var d canon.Description
	code, out, errOut = nimber(t, "", "value", "--misere", "*[2]", "*[2]", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	if d.Canonical != "*[2[2]]" || d.CanonicalLength != 7 || d.Outcome != "P" || d.Genus != "0^02" || d.Birthday != 4 ||
		d.NimHeap || !d.Even || !d.Tame || !d.GenerallyTame || d.Restive || d.Restless || d.Mate != "*[2[2]]" || strings.Join(d.Options, " ") != "*[2] *[3]" ||
		len(d.GenusValues) != 6 || d.GenusValues[1] != 0 || d.GenusValues[2] != 2 {
		t.Errorf("*2 + *2: %+v", d)
	}
	// A rules file's Kayles and the registry's 0.77 have the same forms.
	_, fromRules, _ := nimber(t, "", "value", "--misere", "--rules", "../../examples/rules/kayles.star", "5", "7")
	_, fromCode, _ := nimber(t, "", "value", "--misere", "--game", "0.77", "5 7")
	if fromRules == "" || fromRules != fromCode {
		t.Errorf("Kayles 5 + 7: by the rules file\n%s\nby 0.77\n%s", fromRules, fromCode)
	}
	// An EXPR after -- and --misere among them.
	code, out, _ = nimber(t, "", "value", "--", "*[[2]]", "--misere")
	if code != 0 || !strings.HasPrefix(out, "*[2#]\n") {
		t.Errorf("after --: exit %d, %s", code, out)
	}
}

// TestValueMisereGenus holds the genus of each heap's misère canonical
// form, made by value --misere --game from the game's moves, to nimber
// genus, for Dawson's Kayles and Kayles.
func TestValueMisereGenus(t *testing.T) {
	for _, code := range []string{"0.07", "0.77"} {
		c, out, errOut := nimber(t, "", "genus", code, "--to", "14", "--json")
		if c != 0 {
			t.Fatalf("genus %s: %s", code, errOut)
		}
		var g struct {
			Notation []string `json:"notation"`
		}
		if err := json.Unmarshal([]byte(out), &g); err != nil {
			t.Fatal(err)
		}
		for n, want := range g.Notation {
			c, out, errOut := nimber(t, "", "value", "--misere", "--game", code, strconv.Itoa(n), "--json")
			var d struct {
				Genus string `json:"genus"`
			}
			if c != 0 || json.Unmarshal([]byte(out), &d) != nil || d.Genus != want {
				t.Errorf("%s heap %d: exit %d %s, genus %q, nimber genus %s", code, n, c, errOut, d.Genus, want)
			}
		}
	}
}

// TestValueMisereErrors checks value --misere's refusals: one line, with
// the argument and the column.
func TestValueMisereErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"*[2#"}, `nimber: value --misere: argument 1 "*[2#": column 5: want ] to close the *[ at column 1, found end of the expression`},
		{[]string{"*[2]", "*[(2#1]"}, `nimber: value --misere: argument 2 "*[(2#1]": column 7: want ) to close the ( at column 3, found ']'`},
		{[]string{"--game", "domineering", ".."}, "nimber: value --misere: --game domineering is a game of kind partizan: a misère canonical form needs an impartial game that ends (try nimber value --game domineering without --misere)"},
		{[]string{"--game", "0.77", "x"}, `nimber: value --misere: --game 0.77: position 1 "x"`},
		{[]string{"--rules", "../../examples/rules/cutcake_rules.star", "3x4"}, "a misère canonical form needs an impartial game that ends"},
		{[]string{"*[2]", "--thermograph"}, "nimber: value --misere: --thermograph: a misère canonical form has no thermograph"},
		{[]string{"*900", "*901", "--memory", "1"}, "too many misère canonical forms"},
	} {
		code, out, errOut := nimber(t, "", append([]string{"value", "--misere"}, c.args...)...)
		if code == 0 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, output %q, stderr %q, want %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestMisereDocExamples runs the "$ nimber value --misere" examples of
// docs/misere.md and the README.
func TestMisereDocExamples(t *testing.T) {
	n := runDocExamples(t, "docs/misere.md", "$ nimber value --misere ")
	n += runDocExamples(t, "README.md", "$ nimber value --misere ")
	if n < 4 {
		t.Errorf("found %d examples of nimber value --misere, want 4 or more", n)
	}
}

// TestValueMisereParts checks value --misere --parts: Norton's game with
// two partitions into primes, in words and in JSON (the parts as CGSuite
// lists them), the parts of a sum of Kayles heaps made by --game (the
// heaps, each prime), no decomposition without --parts, and --parts
// without --misere refused.
func TestValueMisereParts(t *testing.T) {
	code, out, errOut := nimber(t, "", "value", "--misere", "*[[*[4]+*[2]]]", "--parts")
	want := `prime no, extraverted no, introverted no
parts: *[2], *[4], *[4[2#-2]], *[4[2#-4]]
partition: *[2] + *[4[2#-2]]
partition: *[4] + *[4[2#-4]]
`
	if code != 0 || !strings.HasSuffix(out, "options: *[4[2]]\n"+want) {
		t.Fatalf("exit %d, stderr %q, output:\n%s\nwant it to end:\n%s", code, errOut, out, want)
	}
	var d canon.Description
	for _, args := range [][]string{{"*[2#]"}, {"--game", "0.77", "5 9"}} {
		code, out, errOut = nimber(t, "", append([]string{"value", "--misere", "--parts", "--json"}, args...)...)
		if code != 0 || json.Unmarshal([]byte(out), &d) != nil || d.Decomposition == nil {
			t.Fatalf("%v: exit %d, %s, %s", args, code, errOut, out)
		}
	}
	if p := d.Decomposition; p.Prime || len(p.Partitions) != 1 || len(p.Partitions[0]) != 2 || strings.Join(p.Parts, " ") != strings.Join(p.Partitions[0], " ") {
		t.Errorf("Kayles 5 + 9: %+v", p)
	}
	_, five, _ := nimber(t, "", "value", "--misere", "--game", "0.77", "5", "--json")
	if !strings.Contains(five, `"decomposition": null`) {
		t.Errorf("without --parts: %s", five)
	}
	code, _, errOut = nimber(t, "", "value", "*", "--parts")
	if code != 2 || errOut != "nimber: value: --parts goes with --misere (the parts of a misère canonical form)\n" {
		t.Errorf("--parts alone: exit %d, %q", code, errOut)
	}
}
