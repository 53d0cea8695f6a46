package col

import (
	"nimber/game"
	"nimber/games/internal/pgrid"
)

// SnortMaxRegion is the most empty cells of one region of Snort that
// Check accepts. Snort's values are hot, with far larger canonical forms
// than Col's numbers, so it is below MaxRegion: measured, the worst
// 18-cell region tried takes about 10 s and 265 MB, 19 cells 38 s and
// 660 MB, 20 cells up to a minute and 1.3 GB (docs/partizan.md).
const SnortMaxRegion = 18

// Snort returns Snort, for the registry: a game of Kind Partizan with
// Col's board and position format, Winning Ways' rules: a player colours
// an empty cell their own colour (Left blue, 'L'; Right red, 'R'), never
// orthogonally next to a cell of the other player's colour; who cannot
// move loses. A region's 'l' is an empty cell only Left may colour (it
// touches a blue cell), 'r' one only Right may (it touches a red cell).
func Snort() game.Game { return theSnort }

var theSnort = game.OfPartizan[pgrid.Region](rules{Board: board(SnortMaxRegion), snort: true})
