package heap

import "context"

// Extend extends the nim-sequence g to heaps 0..to-1 with the fastest
// engine for the game. Callers that compute in chunks (checkpoints,
// progress) call it repeatedly with growing to.
func (gm *Game) Extend(ctx context.Context, g []uint16, to int) ([]uint16, error) {
	return gm.Plain(ctx, g, to)
}
