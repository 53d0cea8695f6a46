package cram

import (
	"context"
	"strings"
	"testing"

	"nimber/games/internal/pgrid"
)

// rect returns the empty h x w board.
func rect(h, w int) string {
	rows := make([]string, h)
	for i := range rows {
		rows[i] = strings.Repeat(".", w)
	}
	return strings.Join(rows, "|")
}

// benchRegion values the empty h x w board with a fresh accelerator each
// time.
func benchRegion(b *testing.B, h, w int) {
	p := pgrid.Region(rect(h, w))
	for b.Loop() {
		if _, err := newValuer().Grundy(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStrip2x21(b *testing.B) { benchRegion(b, 2, 21) }
func BenchmarkStrip3x12(b *testing.B) { benchRegion(b, 3, 12) }
func BenchmarkRect4x5(b *testing.B)   { benchRegion(b, 4, 5) }
func BenchmarkRect4x6(b *testing.B)   { benchRegion(b, 4, 6) }

func BenchmarkStrip3x10(b *testing.B) { benchRegion(b, 3, 10) }
func BenchmarkStrip3x11(b *testing.B) { benchRegion(b, 3, 11) }
func BenchmarkRect5x5(b *testing.B)   { benchRegion(b, 5, 5) }
