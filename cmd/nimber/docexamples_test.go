package main

import (
	"strings"
	"testing"

	"nimber/internal/golden"
)

// shellFields splits a command line as a shell would for the examples of
// the documentation: words separated by spaces, a '...' quoted word taken
// whole.
func shellFields(s string) []string {
	var out []string
	var word strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				out = append(out, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, word.String())
	}
	return out
}

// runDocExamples runs every "$ nimber ..." command of the code blocks of
// the page at path (relative to the repository) that starts with prefix,
// and checks that its output is the text that follows it in the block (up
// to the next "$ " line). It returns how many it ran.
func runDocExamples(t *testing.T, path, prefix string) int {
	t.Helper()
	doc := golden.Read(t, "../../"+path)
	ran := 0
	blocks := strings.Split(string(doc), "```")
	for i := 1; i < len(blocks); i += 2 {
		lines := strings.Split(strings.TrimPrefix(blocks[i], "\n"), "\n")
		for j := 0; j < len(lines); j++ {
			command := lines[j]
			if !strings.HasPrefix(command, "$ nimber ") {
				continue
			}
			k := j + 1
			for k < len(lines) && !strings.HasPrefix(lines[k], "$ ") {
				k++
			}
			want := strings.Join(lines[j+1:k], "\n")
			j = k - 1
			if !strings.HasPrefix(command, prefix) {
				continue
			}
			ran++
			args := shellFields(strings.TrimPrefix(command, "$ nimber "))
			for i, a := range args {
				if strings.HasPrefix(a, "examples/") {
					args[i] = "../../" + a
				}
			}
			code, out, errOut := nimber(t, "", args...)
			if code != 0 || strings.TrimSuffix(out, "\n") != strings.TrimSuffix(want, "\n") {
				t.Errorf("%s: %s: exit %d, stderr %q, output:\n%s\nthe page shows:\n%s", path, command, code, errOut, out, want)
			}
		}
	}
	return ran
}

// TestLoopyDocExamples runs every "$ nimber ..." of docs/loopy.md and
// checks that the answer is the one the page shows.
func TestLoopyDocExamples(t *testing.T) {
	if n := runDocExamples(t, "docs/loopy.md", "$ nimber "); n < 4 {
		t.Errorf("found %d examples in docs/loopy.md, want 4 or more", n)
	}
}

// TestValueDocExamples runs the partizan examples of the README ("$ nimber
// value", and analyze and table of Domineering) and every one of
// docs/partizan.md and docs/loopy-partizan.md.
func TestValueDocExamples(t *testing.T) {
	n := runDocExamples(t, "README.md", "$ nimber value ")
	n += runDocExamples(t, "README.md", "$ nimber analyze domineering ")
	n += runDocExamples(t, "README.md", "$ nimber table domineering ")
	n += runDocExamples(t, "docs/partizan.md", "$ nimber ")
	n += runDocExamples(t, "docs/loopy-partizan.md", "$ nimber ")
	if n < 15 {
		t.Errorf("found %d examples of partizan games, want 12 or more", n)
	}
}

// TestPartizanRulesDocExamples runs the "$ nimber analyze --rules"
// examples of docs/partizan.md (its "$ nimber value" ones, --rules among
// them, run in TestValueDocExamples).
func TestPartizanRulesDocExamples(t *testing.T) {
	if n := runDocExamples(t, "docs/partizan.md", "$ nimber analyze --rules "); n < 1 {
		t.Errorf("found %d examples of nimber analyze --rules in docs/partizan.md, want 1 or more", n)
	}
}

// TestCoinDocExamples runs the coin-turning games' examples of the README
// and docs/coins.md, the README's Cram example and its nimber field ones.
func TestCoinDocExamples(t *testing.T) {
	n := 0
	for _, name := range []string{"turning-turtles", "mock-turtles", "ruler", "twins", "turning-corners", "cram"} {
		n += runDocExamples(t, "README.md", "$ nimber grundy "+name+" ")
	}
	n += runDocExamples(t, "docs/coins.md", "$ nimber ")
	n += runDocExamples(t, "README.md", "$ nimber field ")
	if n < 8 {
		t.Errorf("ran %d examples, want at least 8", n)
	}
}
