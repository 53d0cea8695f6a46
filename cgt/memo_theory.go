package cgt

import (
	"runtime"
	"sync"
	"weak"
)

// theoryMemo holds what the theory's operations (atomic weight, Norton
// products, ordinal sums, heating, reduced canonical forms) have found in
// one Calc. It holds Games only, never the Calc, so that a Calc no longer
// used is collected with its memo.
type theoryMemo struct {
	naiveAW, starProj     map[Game]Game
	farStar               map[Game]uint64
	allSmall              map[Game]bool
	norton, ordinal, heat map[[2]Game]Game
	// nus memoises the temporary NUS of nus_stub.go, and goes with it.
	nus     map[Game]nusEntry
	nimbers map[Game]int // -1: not a nimber
}

type nusEntry struct {
	v  NUS
	ok bool
}

// memos maps each Calc that has used the theory to its memo. The Calc's
// own struct has no field for it in this part of issue 21; an entry goes
// when its Calc is collected.
var memos = struct {
	sync.Mutex
	m map[weak.Pointer[Calc]]*theoryMemo
}{m: map[weak.Pointer[Calc]]*theoryMemo{}}

// theory returns the theory memo of c, made on first use.
func (c *Calc) theory() *theoryMemo {
	k := weak.Make(c)
	memos.Lock()
	defer memos.Unlock()
	if t := memos.m[k]; t != nil {
		return t
	}
	t := &theoryMemo{naiveAW: map[Game]Game{}, farStar: map[Game]uint64{}, allSmall: map[Game]bool{},
		starProj: map[Game]Game{}, nus: map[Game]nusEntry{}, nimbers: map[Game]int{},
		norton: map[[2]Game]Game{}, ordinal: map[[2]Game]Game{}, heat: map[[2]Game]Game{}}
	memos.m[k] = t
	runtime.AddCleanup(c, func(k weak.Pointer[Calc]) {
		memos.Lock()
		delete(memos.m, k)
		memos.Unlock()
	}, k)
	return t
}
