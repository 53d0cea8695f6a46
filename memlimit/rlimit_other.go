//go:build !unix

package memlimit

// addressSpace reports no address-space limit where there are no rlimits.
func addressSpace() (uint64, bool, error) { return 0, false, nil }
