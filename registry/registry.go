// Package registry is the one list of nimber's games: every built-in game
// and family of games with its name, a one-line summary, its position
// format and what it supports, and users' rules files loaded by path. The
// command-line tool, the web server and the documentation reach every game
// through it, and import no single game's package.
package registry

import (
	"fmt"
	"slices"
	"strings"

	"nimber/game"
	"nimber/problems"
)

// Entry is one game of the registry, or one family of games named by a
// pattern (heap games by code, subtraction games by their set).
type Entry struct {
	// Name is the name commands take, e.g. "bacterial-tactics"; for a
	// family, the pattern of its names, e.g. "sub:SET".
	Name string
	// Summary says in one line what the game is.
	Summary string
	// Format says how a position is written, in one line.
	Format string
	// Example is a game of the family (for a family) and a position of it,
	// as a command line takes them.
	Example, ExamplePosition string
	// Problem is the game's official problem, nil when it has none.
	Problem *problems.Problem

	// open returns the game of the entry's name, an alias, or a name that
	// match accepts.
	open    func(name string) (game.Game, error)
	aliases []string
	match   func(name string) bool
	// where is the file and line of a rules file's moves function.
	where string
}

// Family reports whether the entry is a family of games named by a pattern.
func (e *Entry) Family() bool { return e.match != nil }

// Open returns the game of the entry called name: the entry's own name, or
// for a family a name of its pattern.
func (e *Entry) Open(name string) (game.Game, error) { return e.open(name) }

// Supports says what a game supports.
type Supports struct {
	Official  bool `json:"official"`  // an official problem's input and output formats
	Play      bool `json:"play"`      // play move by move against perfect play
	Tables    bool `json:"tables"`    // tables of the compounds' invariants by heap or square
	Sequences bool `json:"sequences"` // nim-sequences of heaps
	Board     bool `json:"board"`     // positions drawn as boards
	Loopy     bool `json:"loopy"`     // positions can repeat: outcomes, no Grundy values
	Partizan  bool `json:"partizan"`  // Left and Right move differently: canonical forms (nimber value --game), no Grundy values
	// LoopyPartizan: a partizan game whose positions repeat, valued as a
	// loopy game (stoppers and sides, outcomes with draws) rather than by
	// canonical forms.
	LoopyPartizan bool `json:"loopy_partizan"`
	// Families: tables of canonical forms of the game's families of
	// positions (nimber table --function canonical --family).
	Families bool `json:"families"`
	// OutcomeSearch: who wins by a search of wins and losses, small regions
	// valued inside it (nimber outcome): every partizan game whose
	// positions do not repeat.
	OutcomeSearch bool `json:"outcome_search"`
}

// Words lists what s says, in words: "official I/O", "play", ...
func (s Supports) Words() []string {
	var words []string
	for _, w := range []struct {
		ok   bool
		word string
	}{{s.Official, "official I/O"}, {s.Play, "play"}, {s.Tables, "tables"}, {s.Sequences, "sequences"}, {s.Loopy, "loopy (outcomes, no Grundy values)"},
		{s.Partizan && !s.LoopyPartizan, "partizan (canonical forms, no Grundy values)"},
		{s.LoopyPartizan, "partizan, loopy (stoppers and sides, outcomes with draws)"}, {s.Families, "families (table --function canonical)"},
		{s.OutcomeSearch, "outcome search (nimber outcome)"}} {
		if w.ok {
			words = append(words, w.word)
		}
	}
	return words
}

// Supports says what the entry's game supports.
func (e *Entry) Supports() Supports {
	g, err := e.open(e.ExampleName())
	if err != nil {
		return Supports{}
	}
	info := g.Info()
	_, layoutErr := squaresOf(g, e.ExamplePosition)
	_, hasFamilies := game.FamiliesOf(g)
	return Supports{
		Official:      e.Problem != nil,
		Play:          info.Kind != game.Partizan,
		Tables:        info.Kind == game.Impartial && !info.Repeats && (info.Heaps || layoutErr == nil),
		Sequences:     info.Heaps && !info.Repeats,
		Board:         info.Legend != nil,
		Loopy:         info.Kind == game.Loopy,
		Partizan:      info.Kind == game.Partizan,
		LoopyPartizan: info.Kind == game.Partizan && info.Repeats,
		Families:      hasFamilies,
		OutcomeSearch: info.Kind == game.Partizan && !info.Repeats,
	}
}

// Info describes an entry as listings show it (nimber games --json, the
// web server's GET /api/games).
type Info struct {
	// Name is the game's name, or for a family the pattern of its names;
	// Example is then a name of the family (e.g. "0.77" for "CODE").
	Name     string    `json:"name"`
	Family   bool      `json:"family"`
	Example  string    `json:"example,omitempty"`
	Summary  string    `json:"summary"`
	Format   string    `json:"format"`
	Position string    `json:"example_position"`
	Supports Supports  `json:"supports"`
	Game     game.Info `json:"info"` // what the game says of itself
	// Families are the game's families of positions (game.Families), for
	// tables of canonical forms; none for most games.
	Families []game.Family `json:"families,omitempty"`
	// Records says the game has published results about its positions
	// (game.Records), served by GET /api/records/{game}.
	Records bool `json:"records,omitempty"`
}

// Info describes the entry.
func (e *Entry) Info() (Info, error) {
	g, err := e.open(e.ExampleName())
	if err != nil {
		return Info{}, err
	}
	info := Info{Name: e.Name, Family: e.Family(), Example: e.Example, Summary: e.Summary, Format: e.Format,
		Position: e.ExamplePosition, Supports: e.Supports(), Game: g.Info()}
	if fs, ok := game.FamiliesOf(g); ok {
		info.Families = fs.Families()
	}
	_, info.Records = game.RecordsOf(g)
	return info, nil
}

// squaresOf reports whether the positions of g are squares of a board.
func squaresOf(g game.Game, text string) ([][]game.Position, error) {
	sg, ok := game.SquaresOf(g)
	if !ok {
		return nil, fmt.Errorf("this game's positions are not squares of a board")
	}
	pos, err := g.Parse(text)
	if err != nil {
		return nil, err
	}
	return sg.Squares(pos, 0)
}

// ExampleGame opens the entry's game, or for a family its example (e.g.
// "0.77"), whose position ExamplePosition is.
func (e *Entry) ExampleGame() (game.Game, error) { return e.open(e.ExampleName()) }

// ExampleName is the name of the entry's example game: its own name, or for
// a family its example member (e.g. "0.77").
func (e *Entry) ExampleName() string {
	if e.Example != "" {
		return e.Example
	}
	return e.Name
}

// Entries returns every entry, in the order of the catalogue.
func Entries() []*Entry { return slices.Clone(catalogue) }

// Lookup returns the game called name and its entry: a game's name, or a
// name of a family's pattern ("0.77", "sub:1,3,4", "knights:1,-2;-2,1").
func Lookup(name string) (game.Game, *Entry, error) {
	for _, e := range catalogue {
		if e.match == nil && (e.Name == name || slices.Contains(e.aliases, strings.ToLower(name))) {
			g, err := e.open(name)
			return g, e, err
		}
	}
	for _, e := range catalogue {
		if e.match != nil && e.match(name) {
			g, err := e.open(name)
			if err != nil {
				return nil, nil, err
			}
			return g, e, nil
		}
	}
	return nil, nil, fmt.Errorf("unknown game %q (known: %s)", clip(name), knownNames())
}

// knownNames lists the names and patterns of the catalogue.
func knownNames() string {
	names := make([]string, len(catalogue))
	for i, e := range catalogue {
		names[i] = e.Name
	}
	return strings.Join(names, ", ")
}

// Problems returns the entries with an official problem, sorted by name.
func Problems() []*Entry {
	var out []*Entry
	for _, e := range catalogue {
		if e.Problem != nil {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *Entry) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Problem returns the official problem called name.
func Problem(name string) (*problems.Problem, error) {
	var names []string
	for _, e := range Problems() {
		if e.Name == name {
			return e.Problem, nil
		}
		names = append(names, e.Name)
	}
	return nil, fmt.Errorf("unknown problem %q (known: %s)", clip(name), strings.Join(names, ", "))
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// Markdown returns the catalogue as a Markdown table: every game's name,
// what it is, its position format with an example, and what it supports.
// docs/games.md is this table.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| game | what it is | positions | example | supports |\n|---|---|---|---|---|\n")
	for _, e := range catalogue {
		name := "`" + e.Name + "`"
		if e.Example != "" {
			name += " (e.g. `" + e.Example + "`)"
		}
		sup := e.Supports().Words()
		example := "`" + strings.ReplaceAll(strings.TrimRight(e.ExamplePosition, "\n"), "\n", "` `") + "`"
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", name, cell(e.Summary), cell(e.Format), example, strings.Join(sup, ", "))
	}
	return b.String()
}

// cell escapes the pipes of a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
