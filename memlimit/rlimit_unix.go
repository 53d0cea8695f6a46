//go:build unix

package memlimit

import (
	"math"
	"syscall"
)

// addressSpace returns the soft RLIMIT_AS of this process.
func addressSpace() (uint64, bool, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil {
		return 0, false, err
	}
	// RLIM_INFINITY is the largest uint64 on Linux, the largest int64 on
	// the BSDs.
	if uint64(r.Cur) >= math.MaxInt64 {
		return 0, false, nil
	}
	return uint64(r.Cur), true, nil
}
