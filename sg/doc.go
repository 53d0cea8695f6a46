// Package sg is nimber's theory core: the minimum excludant (mex), the
// nim-sum, outcome classes, and a generic memoized solver for impartial games
// whose moves split a component into independent components.
//
// By the Sprague–Grundy theorem every position of a finite impartial game
// under normal play is equivalent to a nim heap whose size is the position's
// Grundy value: the mex of the values of its options. A sum of independent
// components has the nim-sum (XOR) of their values, and the player to move
// wins exactly when that nim-sum is not zero.
//
// The package does no I/O and holds no global state.
package sg
