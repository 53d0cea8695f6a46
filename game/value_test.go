package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"nimber/game"
	"nimber/sg"
)

func TestValueForms(t *testing.T) {
	for _, tc := range []struct {
		v       game.Value
		text    string
		json    string
		outcome sg.Outcome
		known   bool
	}{
		{game.Nimber(0), "0", "0", sg.P, true},
		{game.Nimber(5), "5", "5", sg.N, true},
		{game.Infinite([]int{1, 0, 1}), "∞(0,1)", `{"inf":[0,1]}`, sg.N, true},
		{game.Infinite([]int{2}), "∞(2)", `{"inf":[2]}`, sg.D, true},
		{game.Infinite(nil), "∞", `{"inf":[]}`, sg.D, true},
		{game.Value{}, "?", "null", 0, false},
	} {
		if got := tc.v.String(); got != tc.text {
			t.Errorf("String = %q, want %q", got, tc.text)
		}
		b, err := json.Marshal(tc.v)
		if err != nil || string(b) != tc.json {
			t.Errorf("%s: JSON %s, %v; want %s", tc.text, b, err, tc.json)
		}
		var back game.Value
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(tc.v) {
			t.Errorf("%s: JSON round trip gave %v, %v", tc.text, back, err)
		}
		o, ok := tc.v.Outcome()
		if ok != tc.known || o != tc.outcome || tc.v.Known() != tc.known {
			t.Errorf("%s: Outcome %v, %v; Known %v", tc.text, o, ok, tc.v.Known())
		}
	}
}

func TestValueAccessors(t *testing.T) {
	if n, ok := game.Nimber(3).Grundy(); n != 3 || !ok {
		t.Errorf("Grundy of *3 = %d, %v", n, ok)
	}
	if _, ok := game.Infinite([]int{0}).Grundy(); ok {
		t.Error("∞(0) has a Grundy value")
	}
	k, ok := game.Infinite([]int{3, 1}).Inf()
	if !ok || len(k) != 2 || k[0] != 1 || k[1] != 3 {
		t.Errorf("Inf of ∞(3,1) = %v, %v", k, ok)
	}
	k[0] = 9 // a copy: the value does not change
	if got := game.Infinite([]int{3, 1}).String(); got != "∞(1,3)" {
		t.Errorf("∞(3,1) written %q", got)
	}
	if _, ok := game.Nimber(1).Inf(); ok {
		t.Error("*1 is infinite")
	}
	if game.Nimber(1).Equal(game.Infinite([]int{1})) || game.Infinite([]int{1}).Equal(game.Infinite(nil)) {
		t.Error("different values are Equal")
	}
}

func TestValuePlus(t *testing.T) {
	for _, tc := range []struct {
		a, b, want game.Value
		ok         bool
	}{
		{game.Nimber(5), game.Nimber(3), game.Nimber(6), true},
		{game.Nimber(0), game.Nimber(0), game.Nimber(0), true},
		// Smith: ∞(K) + *n = ∞(K ⊕ n), in either order.
		{game.Infinite([]int{0, 2}), game.Nimber(2), game.Infinite([]int{2, 0}), true},
		{game.Nimber(1), game.Infinite([]int{0, 3}), game.Infinite([]int{1, 2}), true},
		{game.Infinite([]int{0}), game.Infinite([]int{0}), game.Value{}, false},
		{game.Value{}, game.Nimber(1), game.Value{}, false},
	} {
		got, ok := tc.a.Plus(tc.b)
		if ok != tc.ok || !got.Equal(tc.want) {
			t.Errorf("%v + %v = %v, %v; want %v, %v", tc.a, tc.b, got, ok, tc.want, tc.ok)
		}
	}
}

func TestValueJSONErrors(t *testing.T) {
	for _, text := range []string{`-1`, `1.5`, `"3"`, `{}`, `{"inf":[-1]}`, `{"inf":[1],"x":2}`, `{"inf":3}`, `[]`, `true`} {
		var v game.Value
		err := json.Unmarshal([]byte(text), &v)
		if err == nil {
			t.Errorf("%s read as %v", text, v)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: a multi-line error %q", text, err)
		}
	}
}

func TestKindText(t *testing.T) {
	for _, k := range []game.Kind{game.Impartial, game.Loopy} {
		b, err := k.MarshalText()
		var back game.Kind
		if err != nil || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("%v: text %q, %v; read back %v", k, b, err, back)
		}
	}
	var k game.Kind
	if err := k.UnmarshalText([]byte("partizan?")); err == nil {
		t.Error("an unknown kind was read")
	}
	b, _ := json.Marshal(game.Of(loop{loopy: true}).Info())
	if !strings.Contains(string(b), `"kind":"loopy"`) || !strings.Contains(string(b), `"loopy":true`) {
		t.Errorf("Info JSON %s", b)
	}
}

// wrapped is a Game embedded in a type of its own, as front ends do.
type wrapped struct{ game.Game }

// kaylesRows is Kayles with heaps: a row of n pins is the heap n.
type kaylesRows struct{ kayles }

func (kaylesRows) Heap(n int) (int, error) { return n, nil }

func TestCapabilityAccessors(t *testing.T) {
	h, ok := game.HeapsOf(wrapped{game.Of(kaylesRows{})})
	if !ok {
		t.Fatal("HeapsOf through a wrapper: no heaps")
	}
	seq, err := h.Sequence(context.Background(), 6)
	if err != nil || fmt.Sprint(seq) != "[0 1 2 3 1 4]" {
		t.Errorf("Kayles' sequence %v, %v", seq, err)
	}
	if _, ok := game.SquaresOf(wrapped{game.Of(kaylesRows{})}); ok {
		t.Error("Kayles rows are squares of a board")
	}
	if _, ok := game.HeapsOf(wrapped{game.Of(kayles{})}); ok {
		t.Error("Kayles without Heap has heaps")
	}
}

func FuzzValueJSON(f *testing.F) {
	for _, s := range []string{`0`, `7`, `null`, `{"inf":[0,1]}`, `{"inf":[]}`, `-1`, `{"inf":null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v game.Value
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%q read as %v, written with %v", s, v, err)
		}
		var back game.Value
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(v) {
			t.Fatalf("%q: %v written %s read back %v, %v", s, v, b, back, err)
		}
	})
}
