// Package memlimit reads how much memory the environment lets this process
// use: the machine's memory, the limit of its cgroup (v2 memory.max, v1
// memory.limit_in_bytes, on the process's own cgroup and every ancestor) and
// its address-space limit (RLIMIT_AS, less what the process has already
// mapped). The smallest is the ceiling, what the whole process may use; half
// of it is the default memory limit of a computation, whose estimate counts
// live data only (Go's collector lets the heap grow to about twice the live
// data). The command line and the server take their default memory limits
// from it, and main sets Go's soft memory limit from it.
//
// Every reader takes the file system as an fs.FS rooted at "/", so that a
// test can give fake /proc and /sys files.
package memlimit

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
)

// Source names where a limit comes from.
type Source string

// The sources, in the order Env.Readings lists them.
const (
	// Machine is the machine's memory (MemTotal of /proc/meminfo).
	Machine Source = "machine"
	// CgroupV2 is memory.max of the process's cgroup (unified hierarchy).
	CgroupV2 Source = "cgroup-v2"
	// CgroupV1 is memory.limit_in_bytes of the process's memory cgroup.
	CgroupV1 Source = "cgroup-v1"
	// AddressSpace is RLIMIT_AS (ulimit -v) less the address space the
	// process had mapped when it was read.
	AddressSpace Source = "rlimit-as"
	// Fallback is the limit when no source could be read.
	Fallback Source = "fallback"
)

// FallbackCeiling is the ceiling when no source could be read (no /proc).
const FallbackCeiling = 8 << 30

// Reading is what one source says.
type Reading struct {
	Source Source `json:"source"`
	// Limited reports whether the source sets a limit: false for a cgroup
	// whose limit is "max", an unlimited RLIMIT_AS, or a source that could
	// not be read (Err then says why).
	Limited bool `json:"limited"`
	// Bytes is the limit this source sets, when Limited.
	Bytes int64 `json:"bytes"`
	// From says where the figure was read: a file, or "getrlimit".
	From string `json:"from,omitempty"`
	// Raw is the value as read: "max", a number of bytes, "12345 kB".
	Raw string `json:"raw,omitempty"`
	// Mapped is, for AddressSpace, the address space the process had
	// mapped (VmSize) when it was read, which Bytes leaves out.
	Mapped int64 `json:"mapped,omitempty"`
	// Err says why the source could not be read; empty when it was, or
	// when it does not exist here (no cgroup of that version).
	Err string `json:"error,omitempty"`
}

// Env is the memory the environment allows.
type Env struct {
	// Total is the machine's memory in bytes (0 when unknown).
	Total int64 `json:"total"`
	// Readings are the sources: Machine, CgroupV2, CgroupV1, AddressSpace.
	Readings []Reading `json:"readings"`
	// Ceiling is the most the whole process can use before the kernel kills
	// it or an allocation fails: the smallest limit of the readings
	// (FallbackCeiling when none has one).
	Ceiling int64 `json:"ceiling"`
	// Applied is the source of Ceiling.
	Applied Source `json:"applied"`
	// Limit is half the ceiling: the default memory limit of a
	// computation's estimate.
	Limit int64 `json:"limit"`
}

// System is where the readings come from.
type System struct {
	// FS is the file system rooted at "/" (proc/meminfo, proc/self/...,
	// sys/fs/cgroup/...).
	FS fs.FS
	// AddressSpace returns the soft RLIMIT_AS, with ok false when there is
	// none (RLIM_INFINITY).
	AddressSpace func() (limit uint64, ok bool, err error)
}

// Read reads the environment of this process.
func Read() Env {
	return System{FS: os.DirFS("/"), AddressSpace: addressSpace}.Read()
}

// Read reads every source and picks the smallest limit as the ceiling.
func (s System) Read() Env {
	var e Env
	machine := Reading{Source: Machine, From: "/proc/meminfo"}
	if total, raw, err := statusField(s.FS, "proc/meminfo", "MemTotal:"); err != nil {
		machine.Err = err.Error()
	} else {
		e.Total = total
		machine.Limited, machine.Bytes, machine.Raw = true, total, raw
	}
	e.Readings = []Reading{machine, s.cgroupV2(), s.cgroupV1(), s.addressSpace()}
	e.Ceiling, e.Applied = FallbackCeiling, Fallback
	first := true
	for _, r := range e.Readings {
		if r.Limited && (first || r.Bytes < e.Ceiling) {
			e.Ceiling, e.Applied, first = r.Bytes, r.Source, false
		}
	}
	e.Limit = e.Ceiling / 2
	return e
}

// statusField reads a "Name: value kB" line of a /proc file such as
// meminfo or self/status, and returns the value in bytes and as written.
func statusField(fsys fs.FS, name, field string) (int64, string, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0, "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || f[0] != field {
			continue
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil || n < 0 || n > math.MaxInt64>>10 {
			return 0, "", fmt.Errorf("/%s: %s %q is not a size in kB", name, field, f[1])
		}
		return n << 10, strings.Join(f[1:], " "), nil
	}
	return 0, "", fmt.Errorf("/%s has no %s line", name, field)
}

// addressSpace reads RLIMIT_AS and subtracts what the process has mapped.
func (s System) addressSpace() Reading {
	r := Reading{Source: AddressSpace, From: "getrlimit"}
	if s.AddressSpace == nil {
		return r
	}
	limit, ok, err := s.AddressSpace()
	switch {
	case err != nil:
		r.Err = err.Error()
		return r
	case !ok:
		r.Raw = "unlimited"
		return r
	}
	r.Raw = strconv.FormatUint(limit, 10)
	mapped, _, err := statusField(s.FS, "proc/self/status", "VmSize:")
	if err != nil {
		// The limit stands, without knowing what is already used.
		r.Err = err.Error()
	}
	r.Limited, r.Mapped = true, mapped
	r.Bytes = 0
	if limit > uint64(math.MaxInt64) {
		limit = math.MaxInt64
	}
	if int64(limit) > mapped {
		r.Bytes = int64(limit) - mapped
	}
	return r
}
