// Package game is nimber's game API: the one place where a game says what
// it is, and the one way every solver, play, analysis, compound, table and
// web page reaches a game.
//
// A game is written once as Rules[P, M]: P is a part, a position that does
// not split further, and M a move of a part. The rules read a position from
// text into a Sum of independent parts and write it back, list the moves of
// a part, each with the parts it leaves, say each move in people's terms,
// and refuse positions too large to solve. Because a move replaces one part
// by the parts it leaves, every game is a disjunctive sum of its parts, and
// the Sprague–Grundy theorem values a position as the nim-sum of its parts'
// Grundy values: the generic memoized solver sg.Solver works on every Rules
// as it is.
//
// A game may also implement small optional interfaces, discovered by type
// assertion like io.WriterTo: an Accelerator (a faster solver of the same
// game, such as a dense table or the sparse nim-sequence engine, tested
// against the generic one), Heaps (it has nim-sequences), Board (its
// positions are drawn as boards), MoveCells, Players, Namer, PartDescriber,
// Indexed (its parts are the positions of a known explicit graph),
// HandMover (a partizan board game's moves as the cells a player points
// at, which PartizanGame.HandMoves reaches), and Kinded
// with Outcomer for games whose positions can repeat (Kind Loopy), which are
// solved by retrograde analysis into N, P and D instead of Grundy values.
//
// What a position is worth is a Value: a Nimber in an impartial game, ∞(K)
// or unknown in a loopy one; Info().Kind says which kind a game is. The
// capabilities of a Game beyond the common ones are reached by accessors:
// HeapsOf (heaps and nim-sequences) and SquaresOf (parts that are squares of
// a board).
//
// Of hides the types of a Rules value behind the Game interface, which the
// registry holds and the front ends use: Parse and Format positions, list
// and Play moves, Analyze a position (its value, its parts' values and the
// value every move leaves), Explore the graph of reachable positions for the
// compounds and tables.
package game
