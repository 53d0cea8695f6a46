package memlimit

import (
	"errors"
	"testing"
	"testing/fstest"
)

const (
	gib = 1 << 30
	mib = 1 << 20
)

// files builds a fake file system from path/content pairs.
func files(kv ...string) fstest.MapFS {
	m := fstest.MapFS{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = &fstest.MapFile{Data: []byte(kv[i+1])}
	}
	return m
}

const (
	meminfo16G   = "MemTotal:       16777216 kB\nMemFree:         1000 kB\n"
	v2Cgroup     = "0::/user.slice/job.scope\n"
	v2Mountinfo  = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n"
	v1Cgroup     = "5:cpu,cpuacct:/\n4:memory:/docker/abc\n0::/\n"
	v1Mountinfo  = "35 31 0:32 /docker/abc /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n"
	v1NoLimitRaw = "9223372036854771712\n"
)

func noRlimit() (uint64, bool, error) { return 0, false, nil }

func rlimit(n uint64) func() (uint64, bool, error) {
	return func() (uint64, bool, error) { return n, true, nil }
}

func reading(t *testing.T, e Env, s Source) Reading {
	t.Helper()
	for _, r := range e.Readings {
		if r.Source == s {
			return r
		}
	}
	t.Fatalf("no reading of %s in %+v", s, e.Readings)
	return Reading{}
}

func TestRead(t *testing.T) {
	cases := []struct {
		name    string
		fs      fstest.MapFS
		as      func() (uint64, bool, error)
		limit   int64
		applied Source
		ceiling int64
	}{
		{"machine only", files("proc/meminfo", meminfo16G), noRlimit, 8 * gib, Machine, 16 * gib},
		{"cgroup v2 limit", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/user.slice/job.scope/memory.max", "1073741824\n",
			"sys/fs/cgroup/user.slice/memory.max", "max\n"), noRlimit, gib / 2, CgroupV2, gib},
		{"cgroup v2 max", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/user.slice/job.scope/memory.max", "max\n"), noRlimit, 8 * gib, Machine, 16 * gib},
		{"cgroup v2 ancestor smaller", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/user.slice/job.scope/memory.max", "3221225472\n",
			"sys/fs/cgroup/user.slice/memory.max", "2147483648\n"), noRlimit, gib, CgroupV2, 2 * gib},
		{"cgroup v2 above the machine", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/user.slice/job.scope/memory.max", "34359738368\n"), noRlimit, 8 * gib, Machine, 16 * gib},
		{"cgroup v2 without mountinfo", files("proc/meminfo", meminfo16G, "proc/self/cgroup", "0::/\n",
			"sys/fs/cgroup/memory.max", "536870912\n"), noRlimit, 256 * mib, CgroupV2, 512 * mib},
		{"cgroup v1 in a container", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v1Cgroup, "proc/self/mountinfo", v1Mountinfo,
			"sys/fs/cgroup/memory/memory.limit_in_bytes", "536870912\n",
			"sys/fs/cgroup/unified/memory.max", "max\n"), noRlimit, 256 * mib, CgroupV1, 512 * mib},
		{"cgroup v1 unlimited", files("proc/meminfo", meminfo16G, "proc/self/cgroup", v1Cgroup, "proc/self/mountinfo", v1Mountinfo,
			"sys/fs/cgroup/memory/memory.limit_in_bytes", v1NoLimitRaw), noRlimit, 8 * gib, Machine, 16 * gib},
		{"cgroup v1 host path", files("proc/meminfo", meminfo16G, "proc/self/cgroup", "4:memory:/batch/job7\n",
			"proc/self/mountinfo", "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n",
			"sys/fs/cgroup/memory/batch/job7/memory.limit_in_bytes", "1073741824\n",
			"sys/fs/cgroup/memory/batch/memory.limit_in_bytes", v1NoLimitRaw,
			"sys/fs/cgroup/memory/memory.limit_in_bytes", v1NoLimitRaw), noRlimit, gib / 2, CgroupV1, gib},
		{"rlimit less mapped", files("proc/meminfo", meminfo16G, "proc/self/status", "Name:\tnimber\nVmSize:\t 4718592 kB\n"),
			rlimit(6 * gib), 768 * mib, AddressSpace, 1536 * mib},
		{"rlimit all mapped", files("proc/meminfo", meminfo16G, "proc/self/status", "VmSize:\t 7340032 kB\n"),
			rlimit(6 * gib), 0, AddressSpace, 0},
		{"rlimit unlimited", files("proc/meminfo", meminfo16G, "proc/self/status", "VmSize:\t 7340032 kB\n"),
			noRlimit, 8 * gib, Machine, 16 * gib},
		{"nothing readable", files(), noRlimit, FallbackCeiling / 2, Fallback, FallbackCeiling},
		{"cgroup v2 outside the namespace", files("proc/meminfo", meminfo16G, "proc/self/cgroup", "0::/../../other\n", "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/memory.max", "1073741824\n", "sys/memory.max", "1024\n", "memory.max", "1024\n"), noRlimit, gib / 2, CgroupV2, gib},
		{"cgroup only", files("proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
			"sys/fs/cgroup/user.slice/job.scope/memory.max", "1073741824\n"), noRlimit, gib / 2, CgroupV2, gib},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := System{FS: c.fs, AddressSpace: c.as}.Read()
			if e.Limit != c.limit || e.Applied != c.applied || e.Ceiling != c.ceiling {
				t.Errorf("limit %d from %s, ceiling %d; want %d from %s, ceiling %d (readings %+v)",
					e.Limit, e.Applied, e.Ceiling, c.limit, c.applied, c.ceiling, e.Readings)
			}
			if len(e.Readings) != 4 {
				t.Errorf("%d readings, want 4", len(e.Readings))
			}
		})
	}
}

func TestReadingDetails(t *testing.T) {
	e := System{FS: files("proc/meminfo", meminfo16G, "proc/self/cgroup", v1Cgroup, "proc/self/mountinfo", v1Mountinfo,
		"sys/fs/cgroup/memory/memory.limit_in_bytes", "536870912\n",
		"proc/self/status", "VmSize:\t 4194304 kB\n"), AddressSpace: rlimit(8 * gib)}.Read()
	if r := reading(t, e, CgroupV1); r.From != "/sys/fs/cgroup/memory/memory.limit_in_bytes" || r.Raw != "536870912" {
		t.Errorf("cgroup v1 read from %q as %q", r.From, r.Raw)
	}
	r := reading(t, e, AddressSpace)
	if !r.Limited || r.Mapped != 4*gib || r.Bytes != 4*gib || r.Raw != "8589934592" {
		t.Errorf("rlimit reading %+v: want 8 GiB less 4 GiB mapped", r)
	}
	if m := reading(t, e, Machine); m.Bytes != 16*gib || m.Raw != "16777216 kB" {
		t.Errorf("machine reading %+v", m)
	}
	if r := reading(t, e, CgroupV2); r.Limited {
		t.Errorf("cgroup v2 limited without a file: %+v", r)
	}
}

func TestReadErrors(t *testing.T) {
	e := System{FS: files("proc/meminfo", "MemTotal: lots kB\n", "proc/self/cgroup", v2Cgroup, "proc/self/mountinfo", v2Mountinfo,
		"sys/fs/cgroup/user.slice/job.scope/memory.max", "a lot\n"),
		AddressSpace: func() (uint64, bool, error) { return 0, false, errors.New("getrlimit: not permitted") }}.Read()
	for _, s := range []Source{Machine, CgroupV2, AddressSpace} {
		if r := reading(t, e, s); r.Limited || r.Err == "" {
			t.Errorf("%s: %+v, want an error and no limit", s, r)
		}
	}
	if e.Applied != Fallback {
		t.Errorf("applied %s, want the fallback", e.Applied)
	}
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{
		`/sys/fs/cgroup`:        "/sys/fs/cgroup",
		`/mnt/my\040cgroup`:     "/mnt/my cgroup",
		`/a\134b`:               `/a\b`,
		`/trailing\04`:          `/trailing\04`,
		`/not\xyzoctal\0401end`: `/not\xyzoctal 1end`,
	} {
		if got := unescape(in); got != want {
			t.Errorf("unescape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMountinfoEscapedPoint(t *testing.T) {
	e := System{FS: files("proc/self/cgroup", "0::/\n",
		"proc/self/mountinfo", `30 23 0:26 / /mnt/cg\040two rw - cgroup2 cgroup2 rw`+"\n",
		"mnt/cg two/memory.max", "268435456\n"), AddressSpace: noRlimit}.Read()
	if e.Ceiling != 256*mib || e.Applied != CgroupV2 {
		t.Errorf("ceiling %d from %s, want 256 MiB from the cgroup mounted at a path with a space", e.Ceiling, e.Applied)
	}
}

// TestReadHere reads this machine: whatever it is, the limit is positive
// and no larger than the ceiling.
func TestReadHere(t *testing.T) {
	e := Read()
	if e.Limit <= 0 && e.Applied != AddressSpace || e.Limit > e.Ceiling {
		t.Errorf("limit %d from %s, ceiling %d", e.Limit, e.Applied, e.Ceiling)
	}
}

// FuzzRead gives arbitrary /proc and cgroup files: no panic, and the limit
// is half a ceiling that is no larger than any limited reading.
func FuzzRead(f *testing.F) {
	f.Add(meminfo16G, v2Cgroup, v2Mountinfo, "1073741824\n", "VmSize:\t 4718592 kB\n", uint64(6*gib))
	f.Add(meminfo16G, v1Cgroup, v1Mountinfo, v1NoLimitRaw, "VmSize: x kB", uint64(0))
	f.Add("MemTotal: 99999999999999999999 kB", "0::/../..\n", `1 2 3 / /a\040b - cgroup2 x y`, "max", "", uint64(1))
	f.Fuzz(func(t *testing.T, meminfo, cgroup, mountinfo, limit, status string, as uint64) {
		fsys := files("proc/meminfo", meminfo, "proc/self/cgroup", cgroup, "proc/self/mountinfo", mountinfo,
			"proc/self/status", status, "sys/fs/cgroup/memory.max", limit, "sys/fs/cgroup/memory/memory.limit_in_bytes", limit)
		rl := noRlimit
		if as > 0 {
			rl = rlimit(as)
		}
		e := System{FS: fsys, AddressSpace: rl}.Read()
		if e.Limit != e.Ceiling/2 || e.Ceiling < 0 {
			t.Fatalf("limit %d, ceiling %d", e.Limit, e.Ceiling)
		}
		for _, r := range e.Readings {
			if r.Limited && (r.Bytes < e.Ceiling || r.Bytes < 0) {
				t.Fatalf("reading %+v below the ceiling %d", r, e.Ceiling)
			}
		}
	})
}
