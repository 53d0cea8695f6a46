package nodekayles

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"nimber/game"
)

// TestPositionLimit checks that the accelerator refuses a component that
// reaches more components than its limit, with a *game.LimitError that
// names the component, and that the positions it counts are those the
// search stores: a star of 8 paths of 2 vertices reaches 2^8 = 256 with
// its centre, and the lone vertices and edges left are not stored.
func TestPositionLimit(t *testing.T) {
	var toks []string
	for i := range 8 {
		toks = append(toks, fmt.Sprintf("c-a%d-b%d", i, i))
	}
	s, err := Rules{}.Parse(strings.Join(toks, " "))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		limit int
		err   string
	}{
		{100, "component of a0 (17 vertices): 101 positions reached, limit 100"},
		{1000, ""},
	} {
		t.Run(fmt.Sprint(tt.limit), func(t *testing.T) {
			v := &valuer{solvers: map[*graph]*solver{}, limit: tt.limit}
			_, err := v.Grundy(context.Background(), s.Parts[0])
			var le *game.LimitError
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("Grundy: %v", err)
			case tt.err != "" && (!errors.As(err, &le) || err.Error() != tt.err):
				t.Fatalf("Grundy: %v, want %q", err, tt.err)
			}
		})
	}
}
