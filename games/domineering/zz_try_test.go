package domineering

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"nimber/grid"
)

func TestTry(t *testing.T) {
	r, _ := strconv.Atoi(os.Getenv("R"))
	c, _ := strconv.Atoi(os.Getenv("C"))

	if r == 0 {
		t.Skip()
	}
	st := time.Now()
	res, err := SolveOutcome(context.Background(), grid.New(r, c, '.'), OutcomeOptions{TableMiB: 256})
	t.Logf("%dx%d %+v %v %v", r, c, res, err, time.Since(st))
}
