package registry

import (
	"strings"

	"nimber/game"
	"nimber/games/allbut"
	"nimber/games/amazons"
	"nimber/games/bacterial"
	"nimber/games/boi2008"
	"nimber/games/caos3"
	"nimber/games/clobber"
	"nimber/games/coins"
	"nimber/games/col"
	"nimber/games/cram"
	"nimber/games/cutcake"
	"nimber/games/domineering"
	"nimber/games/fission"
	"nimber/games/foxgeese"
	"nimber/games/hackenbush"
	"nimber/games/inventor"
	"nimber/games/konane"
	"nimber/games/moveset"
	"nimber/games/nodekayles"
	"nimber/games/psub"
	"nimber/games/squarebutone"
	"nimber/games/takeadd"
	"nimber/games/toadsfrogs"
	"nimber/games/toppling"
	"nimber/games/wythoff"
	"nimber/heap"
)

// catalogue is every built-in game, once. Adding a game is one entry here.
var catalogue = []*Entry{
	{
		Name:            "bacterial-tactics",
		Summary:         "Bacterial Tactics: colonies infect a row or a column of a rectangle, cutting the board in two",
		Format:          "the board's rows: '.' empty, '#' radioactive, 'x' infected",
		ExamplePosition: "..\n.#\n",
		Problem:         bacterial.Problem,
		open:            fixed(bacterial.Game),
	},
	{
		Name:            "inventor-outlasting",
		Summary:         "Inventor Outlasting: an attraction on a spot sends signs along both diagonals",
		Format:          "the board's rows: 'X' a free spot, '.' a free cell, 'o' occupied",
		ExamplePosition: ".......\n...X.X.\n...X.X.\n..XX...\n..X....\n",
		Problem:         inventor.Problem,
		open:            fixed(inventor.Game),
	},
	{
		Name:            "caos3",
		Summary:         "CAOS3: a volcano on a monster fills its row and column with lava",
		Format:          "the map's rows: '^' floor, '#' wall, '~' lava, '=' lava over a wall",
		ExamplePosition: "^#^#^^^\n^#^^^#^\n^#^^^^^\n^^^#^^^\n^^^^^^^\n^^^^^^^\n^^^^^^^\n",
		Problem:         caos3.Problem,
		open:            fixed(caos3.Game),
	},
	{
		Name:            "boi2008-game",
		Summary:         `BOI 2008 "Game": a pursuit race to the other's start, with draws (loopy)`,
		Format:          `the board's rows ('.' white, '#' black, 'A', 'B' the starts, 'a', 'b' the pieces), then "A to move"`,
		ExamplePosition: "A...\n.#..\n....\n...B\n",
		Problem:         boi2008.Problem,
		open:            fixed(boi2008.Game),
	},
	{
		Name:            "knights:STEPS",
		Summary:         "tokens moving by a set of steps; by default knights that only move towards the top left: (+1,-2) (-1,-2) (-2,+1) (-2,-1)",
		Format:          `the board's rows ('.' empty, 'K' a token, 2-9 that many), or "RxC r,c r,c ..." 1-based`,
		Example:         "knights",
		ExamplePosition: "8x8 3,3 5,6",
		open:            moveset.ParseName,
		match:           func(name string) bool { return name == "knights" || strings.HasPrefix(name, "knights:") },
	},
	{
		Name:            "CODE",
		Summary:         "take-and-break heap games by octal or hexadecimal code (0.07 Dawson's Kayles, 0.77 Kayles, 0.8F)",
		Format:          `heap sizes: "5 7 9" (or "5+7+9")`,
		Example:         "0.77",
		ExamplePosition: "5 7 9",
		open:            heapGame,
		match: func(name string) bool {
			_, err := heap.Parse(name)
			return err == nil && strings.Contains(name, ".") && !strings.Contains(name, "!")
		},
	},
	{
		Name:            "grundy",
		Summary:         "Grundy's game: split a heap into two unequal heaps (CGSuite's 4!.0)",
		Format:          heapSizes,
		ExamplePosition: "10 20",
		open:            heapGame,
		aliases:         []string{"4!.0"},
	},
	{
		Name:            "sub:SET",
		Summary:         "subtraction games: take a number of tokens in SET from one heap, e.g. sub:1,3,4",
		Format:          heapSizes,
		Example:         "sub:1,3,4",
		ExamplePosition: "5 7 9",
		open:            heapGame,
		match:           prefixFold("sub"),
	},
	{
		Name:            "nim",
		Summary:         "Nim: take any number of tokens from one heap; a heap of n has the value n",
		Format:          heapSizes,
		ExamplePosition: "3 4 5",
		open:            fixed(allbut.Nim),
	},
	{
		Name:            "allbut:SET",
		Summary:         "all-but subtraction games: take any number of tokens but those in SET (arithmetic-periodic)",
		Format:          heapSizes,
		Example:         "allbut:1,3,4",
		ExamplePosition: "6 9",
		open:            allbut.Parse,
		match:           prefix(allbut.Family),
	},
	{
		Name:            "wythoff",
		Summary:         "Wythoff's game: take from one pile, or the same number from both piles of a pair",
		Format:          `pairs of piles: "3,5 4,7"`,
		ExamplePosition: "3,5",
		open:            fixed(wythoff.Game),
	},
	{
		Name:            "node-kayles",
		Summary:         "Node Kayles: take a vertex of a graph with its neighbours; the parts are the connected components",
		Format:          `a graph as an edge list, lone vertices by name: "a-b b-c c-d e"`,
		ExamplePosition: "a-b b-c c-d d-e e-a f",
		open:            fixed(nodekayles.Game),
	},
	rowEntry(coins.TurningTurtles, "Turning Turtles: turn a heads coin to tails and perhaps one coin to its left; coin n heads is worth n+1"),
	rowEntry(coins.MockTurtles, "Mock Turtles: turn one, two or three coins, the rightmost heads to tails; coin n heads is worth the n-th odious number"),
	rowEntry(coins.Ruler, "Ruler: turn a run of consecutive coins, the rightmost heads to tails; coin n heads is worth the largest power of 2 dividing n+1"),
	rowEntry(coins.Twins, "Twins: turn exactly two coins, the rightmost heads to tails; coin n heads is worth n"),
	{
		Name:            coins.CornersName,
		Summary:         "Turning Corners: turn the four corners of a rectangle, the far one heads to tails; a heads coin at x,y is worth the nim-product x ⊗ y",
		Format:          `the heads coins, 0-based: "x,y x,y ..."`,
		ExamplePosition: "2,3 3,3 5,1",
		open:            fixed(coins.CornersGame),
	},
	{
		Name:            squarebutone.Name,
		Summary:         "Square-But-One: take a square number of tokens, or add one to an even heap; positions repeat, so heaps are worth a number or ∞(K), and a game may be drawn",
		Format:          heapSizes,
		ExamplePosition: "5 9",
		open:            fixed(squarebutone.Game),
	},
	{
		Name:            "takeadd:TAKE:ADD:BELOW",
		Summary:         "subtraction games with additions: take an amount in TAKE, or add one in ADD to a heap of 1 to BELOW-1; positions repeat (values ∞(K), draws)",
		Format:          heapSizes,
		Example:         "takeadd:2,3:1:6",
		ExamplePosition: "2 9",
		open:            takeadd.Parse,
		match:           prefix(takeadd.Family),
	},
	{
		Name:            cram.Name,
		Summary:         "Cram: either player places a domino, vertical or horizontal, on two empty cells; a board is the nim-sum of its regions, strips of up to 3 rows by a dense solver",
		Format:          dominoBoard,
		ExamplePosition: "...|...|..#",
		open:            fixed(cram.Game),
	},
	{
		Name:            "domineering",
		Summary:         "Domineering (partizan): Left places vertical dominoes, Right horizontal; valued by canonical forms (nimber value --game)",
		Format:          dominoBoard,
		ExamplePosition: "..|..|.#",
		open:            fixed(domineering.Game),
	},
	{
		Name:            "clobber",
		Summary:         "Clobber (partizan): a stone clobbers an orthogonally adjacent stone of the other player's; valued by canonical forms (nimber value --game)",
		Format:          stoneBoard,
		ExamplePosition: "xox|ox.",
		open:            fixed(clobber.Game),
	},
	{
		Name:            "fission",
		Summary:         "Fission (partizan): a stone splits in two onto the empty cells beside it, above and below for Left, left and right for Right (CGSuite's game.grid.Fission); valued by canonical forms (nimber value --game)",
		Format:          "the board's rows joined by '|' or newlines: 'x' a stone, '.' empty, '#' blocked (as the edge is); boards joined by '+' are a sum",
		ExamplePosition: "....|..x.|....|....",
		open:            fixed(fission.Game),
	},
	{
		Name:            "konane",
		Summary:         "Konane (partizan): a stone jumps an orthogonally adjacent stone of the other player's into the empty cell behind, removing it, and may jump on in the same direction; valued by canonical forms (nimber value --game)",
		Format:          stoneBoard,
		ExamplePosition: "xoxo|o.ox|xo.o",
		open:            fixed(konane.Game),
	},
	{
		Name:            "amazons",
		Summary:         "Amazons (partizan): a player moves an amazon of theirs like a chess queen, then shoots an arrow like a queen from where it lands, burning the square it hits; valued by canonical forms (nimber value --game)",
		Format:          "the board's rows joined by '|' or newlines, CGSuite's characters: 'x' Left's amazon, 'o' Right's, '#' burned, '.' empty; boards joined by '+' are a sum",
		ExamplePosition: "x...|o...",
		open:            fixed(amazons.Game),
	},
	{
		Name:            "toads-frogs",
		Summary:         "Toads and Frogs (partizan): toads slide or jump a frog rightwards, frogs leftwards; valued by canonical forms (nimber value --game)",
		Format:          "one row: 'T' Left's toad (moves right), 'F' Right's frog (moves left), '.' empty; rows joined by '+' are a sum",
		ExamplePosition: "TTT..FFF",
		open:            fixed(toadsfrogs.Game),
	},
	{
		Name:            "fox-and-geese",
		Summary:         "Fox and Geese (partizan, loopy): Left moves a goose diagonally down, Right the fox diagonally; valued as a loopy game, as CGSuite does (nimber value --game)",
		Format:          "geese R,C R,C ... fox R,C (row 1 at the bottom, only squares with row + column even; 'width W ' in front for a board not 8 wide); positions joined by '+' are a sum",
		ExamplePosition: "geese 4,2 4,4 4,6 4,8 fox 1,1",
		open:            fixed(foxgeese.Game),
	},
	{
		Name:            "backsliding-toads-frogs",
		Summary:         "Backsliding Toads and Frogs (partizan, loopy): Toads and Frogs in which a piece may also slide one square back; valued as a loopy game, as CGSuite does (nimber value --game)",
		Format:          "one row: 'T' Left's toad (moves right, or back left), 'F' Right's frog (moves left, or back right), '.' empty; rows joined by '+' are a sum",
		ExamplePosition: "TT..FF",
		open:            fixed(toadsfrogs.Backsliding),
	},
	{
		Name:            "toppling-dominoes",
		Summary:         "Toppling Dominoes (partizan): a player topples a domino of theirs or a grey one to the left or right, removing it and every domino on that side; valued by canonical forms (nimber value --game)",
		Format:          "one row, CGSuite's letters: 'l' Left's domino, 'r' Right's, 'e' grey (either player's), '.' blank (dropped: a toppled domino takes it along); rows joined by '+' or spaces are a sum",
		ExamplePosition: "lrrlrrl",
		open:            fixed(toppling.Game),
	},
	{
		Name:            "psub:L:R",
		Summary:         "partizan subtraction (partizan): Left takes a number in L from one heap, Right one in R, e.g. psub:1,3:2,3 (CGSuite's PartizanSubtraction([1,3],[2,3])); valued by canonical forms (nimber value --game)",
		Format:          partizanHeaps,
		Example:         "psub:1,3:2,3",
		ExamplePosition: "6",
		open:            psub.Parse,
		match:           prefixFold(psub.Family),
	},
	{
		Name:            "pheap:LCODE:RCODE",
		Summary:         "partizan take-and-break (partizan): Left moves by the heap code LCODE, Right by RCODE, splitting heaps as the codes allow, e.g. pheap:0.07:0.6 (CGSuite's TakeAndBreak(\"0.07\").PartizanJoin(TakeAndBreak(\"0.6\"))); valued by canonical forms (nimber value --game)",
		Format:          partizanHeaps,
		Example:         "pheap:0.07:0.6",
		ExamplePosition: "5 7",
		open:            psub.Parse,
		match:           prefixFold(psub.HeapFamily),
	},
	{
		Name:            "cutcake",
		Summary:         "Cutcake (partizan): Left cuts a rectangle of cake vertically, Right horizontally; every value an integer (nimber value --game)",
		Format:          "a rectangle ROWSxCOLUMNS such as 2x3; rectangles joined by '+' are a sum",
		ExamplePosition: "8x4",
		open:            fixed(cutcake.Game),
	},
	{
		Name:            "col",
		Summary:         "Col (partizan): colour an empty cell your colour, never next to your own; values are numbers or numbers plus * (nimber value --game)",
		Format:          colourBoard,
		ExamplePosition: "R..|...",
		open:            fixed(col.Game),
	},
	{
		Name:            "snort",
		Summary:         "Snort (partizan): colour an empty cell your colour, never next to the other player's; values are often hot, as .. is +-1 (nimber value --game)",
		Format:          colourBoard,
		ExamplePosition: "L..|...",
		open:            fixed(col.Snort),
	},
	{
		Name:            "hackenbush",
		Summary:         "Hackenbush (partizan): cut an edge of your colour or a green one; edges no longer joined to the ground fall; valued by canonical forms (nimber value --game)",
		Format:          `stalks from the ground up separated by spaces, 'L' Left's (blue) edge, 'R' Right's (red), 'G' green: "LRR GG"; or a picture in JSON: {"edges": [[0, 1, "L"], [1, 2, "G"]], "ground": [0]}`,
		ExamplePosition: "LRR GG LG",
		open:            fixed(hackenbush.Game),
	},
}

// The formats that more than one entry shares.
const (
	heapSizes     = `heap sizes: "5 7 9"`
	partizanHeaps = `heap sizes: "5 7 9" (or joined by '+'), each at most 300`
	dominoBoard   = "the board's rows joined by '|' or newlines: '.' empty, '#' filled; boards joined by '+' are a sum"
	stoneBoard    = "the board's rows joined by '|' or newlines: 'x' Left's stone, 'o' Right's, '.' empty; boards joined by '+' are a sum"
	colourBoard   = "the board's rows joined by '|' or newlines: '.' empty, 'L' Left's (blue) cell, 'R' Right's (red), '#' blocked; boards joined by '+' are a sum"
)

// prefix matches the names of a family: family, a colon, its parameters.
func prefix(family string) func(name string) bool {
	return func(name string) bool { return strings.HasPrefix(name, family+":") }
}

// prefixFold is prefix with the family's name in any case.
func prefixFold(family string) func(name string) bool {
	return func(name string) bool { return strings.HasPrefix(strings.ToLower(name), family+":") }
}

// fixed opens a game that is not a family.
func fixed(g func() game.Game) func(string) (game.Game, error) {
	return func(string) (game.Game, error) { return g(), nil }
}

// rowEntry is the entry of the one-dimensional coin-turning game of rule
// r, named by the rule, with its summary.
func rowEntry(r coins.Rule, summary string) *Entry {
	return &Entry{
		Name:            r.String(),
		Summary:         summary,
		Format:          `a row of coins, H heads and T tails, leftmost coin 0: "HTTH" (rows separated by spaces are a sum)`,
		ExamplePosition: "THHTH",
		open:            func(string) (game.Game, error) { return coins.Game(r), nil },
	}
}

// heapGame opens a heap game by code.
func heapGame(name string) (game.Game, error) {
	return game.OfParsed(heap.Parse(name))
}
