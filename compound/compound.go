// Package compound is nimber's compound theory: Conway's twelve ways to play
// several impartial games at once, and the invariants that decide them.
//
// A compound is a list of components, each a position of a finite acyclic
// impartial game. The players move in exactly one component (One), in every
// component that has not ended (All), or in any non-empty set of them
// (Some); the compound ends when all components have ended (Long) or as soon
// as any has (Short); the player who cannot move loses (Normal) or wins
// (Misere). A component has ended when it has no move.
package compound

import (
	"fmt"
	"strings"
)

// GameGraph is a finite acyclic impartial game with positions 0..Len()-1: an
// explicit graph or a move-set board. Options calls yield for every option
// (position reachable in one move) of position p.
type GameGraph interface {
	Len() int
	Options(p int, yield func(q int))
}

// Graph is an explicit game graph: Options[i] lists the options of
// position i; Names, when not empty, names every position.
type Graph struct {
	Opts  [][]int  `json:"options"`
	Names []string `json:"names,omitempty"`
}

// Len implements GameGraph.
func (g *Graph) Len() int { return len(g.Opts) }

// Options implements GameGraph.
func (g *Graph) Options(p int, yield func(q int)) {
	for _, q := range g.Opts[p] {
		yield(q)
	}
}

// MoveRule says which components a compound move plays in.
type MoveRule byte

// The three move rules.
const (
	One  MoveRule = 'o' // exactly one component
	All  MoveRule = 'a' // every component that has not ended
	Some MoveRule = 's' // any non-empty set of components
	// NotAll is the seed slides' variant, long ending and normal play only:
	// any non-empty set of components that is not the whole compound.
	NotAll MoveRule = 'n'
)

// End says when a compound is over.
type End byte

// The two ending rules.
const (
	Long  End = 'l' // when every component has ended
	Short End = 's' // as soon as any component has ended
)

// Play says who wins when the player to move cannot move.
type Play byte

// The two play conventions.
const (
	Normal Play = 'n' // the player who cannot move loses
	Misere Play = 'm' // the player who cannot move wins
)

// Rule is one of the twelve compounds.
type Rule struct {
	Move MoveRule
	End  End
	Play Play
}

// Rules returns the twelve compounds.
func Rules() []Rule {
	var rs []Rule
	for _, m := range []MoveRule{One, All, Some} {
		for _, e := range []End{Long, Short} {
			for _, p := range []Play{Normal, Misere} {
				rs = append(rs, Rule{m, e, p})
			}
		}
	}
	return rs
}

var (
	moveNames = map[MoveRule]string{One: "one", All: "all", Some: "some", NotAll: "not-all"}
	endNames  = map[End]string{Long: "long", Short: "short"}
	playNames = map[Play]string{Normal: "normal", Misere: "misere"}
)

// String returns the rule as "move/end/play", e.g. "one/long/normal".
func (r Rule) String() string {
	return moveNames[r.Move] + "/" + endNames[r.End] + "/" + playNames[r.Play]
}

// Name returns Conway's name of the compound, e.g. "disjunctive compound,
// misère play".
func (r Rule) Name() string {
	if r.Move == NotAll {
		return "variant: move in at least one component but not all, normal play"
	}
	name := map[[2]byte]string{
		{byte(One), byte(Long)}:   "disjunctive compound",
		{byte(One), byte(Short)}:  "diminished disjunctive compound",
		{byte(All), byte(Long)}:   "continued conjunctive compound",
		{byte(All), byte(Short)}:  "conjunctive compound",
		{byte(Some), byte(Long)}:  "selective compound",
		{byte(Some), byte(Short)}: "shortened selective compound",
	}[[2]byte{byte(r.Move), byte(r.End)}]
	return name + ", " + map[Play]string{Normal: "normal play", Misere: "misère play"}[r.Play]
}

// ParseRule reads the three words of a rule: move one|all|some (or
// not-all, with long and normal only), end long|short, play normal|misere.
func ParseRule(move, end, play string) (Rule, error) {
	var r Rule
	var err error
	if r.Move, err = lookup(moveNames, move, "move rule", "one, all, some, not-all"); err != nil {
		return Rule{}, err
	}
	if r.End, err = lookup(endNames, end, "end rule", "long, short"); err != nil {
		return Rule{}, err
	}
	if strings.EqualFold(play, "misère") {
		play = "misere"
	}
	if r.Play, err = lookup(playNames, play, "play rule", "normal, misere"); err != nil {
		return Rule{}, err
	}
	if r.Move == NotAll && (r.End != Long || r.Play != Normal) {
		return Rule{}, fmt.Errorf("the not-all variant is defined with --end long --play normal only")
	}
	return r, nil
}

// lookup finds the key whose name is word, ignoring case.
func lookup[K comparable](names map[K]string, word, what, known string) (K, error) {
	for k, v := range names {
		if strings.EqualFold(v, word) {
			return k, nil
		}
	}
	var zero K
	return zero, fmt.Errorf("%s %q is not one of %s", what, word, known)
}
