package memlimit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// v1Unlimited is the least memory.limit_in_bytes that means no limit: the
// kernel writes "no limit" as the largest page-aligned int64
// (9223372036854771712).
const v1Unlimited = 1 << 62

// mount is a cgroup file system mounted at Point, showing the hierarchy
// from its Root.
type mount struct{ Root, Point string }

// cgroupV2 reads memory.max of the unified hierarchy.
func (s System) cgroupV2() Reading {
	r := Reading{Source: CgroupV2}
	cg, err := cgroupPath(s.FS, func(controllers string, id string) bool { return id == "0" && controllers == "" })
	if err != nil || cg == "" {
		r.Err = errText(err)
		return r
	}
	m, ok := findMount(s.FS, func(fstype, opts string) bool { return fstype == "cgroup2" }, mount{"/", "/sys/fs/cgroup"})
	if !ok {
		return r
	}
	return s.limitUp(r, m, cg, "memory.max", func(raw string) (int64, bool, error) {
		if raw == "max" {
			return 0, false, nil
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 {
			return 0, false, fmt.Errorf("%q is neither max nor a number of bytes", raw)
		}
		return n, true, nil
	})
}

// cgroupV1 reads memory.limit_in_bytes of the memory controller's
// hierarchy.
func (s System) cgroupV1() Reading {
	r := Reading{Source: CgroupV1}
	cg, err := cgroupPath(s.FS, func(controllers string, id string) bool {
		for c := range strings.SplitSeq(controllers, ",") {
			if c == "memory" {
				return true
			}
		}
		return false
	})
	if err != nil || cg == "" {
		r.Err = errText(err)
		return r
	}
	m, ok := findMount(s.FS, func(fstype, opts string) bool {
		if fstype != "cgroup" {
			return false
		}
		for o := range strings.SplitSeq(opts, ",") {
			if o == "memory" {
				return true
			}
		}
		return false
	}, mount{"/", "/sys/fs/cgroup/memory"})
	if !ok {
		return r
	}
	return s.limitUp(r, m, cg, "memory.limit_in_bytes", func(raw string) (int64, bool, error) {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			// Larger than int64: no limit either.
			if u, uerr := strconv.ParseUint(raw, 10, 64); uerr == nil && u >= v1Unlimited {
				return 0, false, nil
			}
			return 0, false, fmt.Errorf("%q is not a number of bytes", raw)
		}
		if n < 0 || n >= v1Unlimited {
			return 0, false, nil
		}
		return n, true, nil
	})
}

// errText is the text of err, empty for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// limitUp reads the file name in the directory of cgroup cg under the
// mount m and in every ancestor up to the mount's, and keeps the smallest
// limit: a cgroup is bounded by its ancestors' limits too. Directories or
// files that do not exist are skipped (a container may see only part of the
// hierarchy).
func (s System) limitUp(r Reading, m mount, cg string, name string, parse func(string) (int64, bool, error)) Reading {
	rel := ""
	switch {
	case m.Root == "/":
		rel = cg
	case cg == m.Root || strings.HasPrefix(cg, m.Root+"/"):
		rel = cg[len(m.Root):]
	}
	// Otherwise the process's cgroup is outside what the mount shows: only
	// the mount's own directory can be read.
	root := strings.TrimPrefix(path.Clean(m.Point), "/")
	if root == "" {
		root = "."
	}
	dir := path.Join(root, rel)
	if root != "." && dir != root && !strings.HasPrefix(dir, root+"/") {
		dir = root // a path with "..", as a cgroup namespace shows outside it
	}
	for {
		file := path.Join(dir, name)
		data, err := fs.ReadFile(s.FS, file)
		switch {
		case err == nil:
			raw := strings.TrimSpace(string(data))
			n, limited, perr := parse(raw)
			if perr != nil {
				r.Err = fmt.Sprintf("/%s: %v", file, perr)
			} else if limited && (!r.Limited || n < r.Bytes) {
				r.Limited, r.Bytes, r.From, r.Raw = true, n, "/"+file, raw
			} else if !r.Limited && r.From == "" {
				r.From, r.Raw = "/"+file, raw
			}
		case !errors.Is(err, fs.ErrNotExist):
			r.Err = err.Error()
		}
		if dir == root || dir == "." {
			return r
		}
		dir = path.Dir(dir)
	}
}

// cgroupPath returns the cgroup path of the process in the hierarchy whose
// line of /proc/self/cgroup ("ID:CONTROLLERS:PATH") match accepts; "" when
// there is none.
func cgroupPath(fsys fs.FS, match func(controllers, id string) bool) (string, error) {
	data, err := fs.ReadFile(fsys, "proc/self/cgroup")
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		id, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		controllers, p, ok := strings.Cut(rest, ":")
		if ok && match(controllers, id) {
			return p, nil
		}
	}
	return "", nil
}

// findMount returns the first mount of /proc/self/mountinfo whose file
// system type and super options match accepts, or def when mountinfo cannot
// be read.
func findMount(fsys fs.FS, match func(fstype, superOpts string) bool, def mount) (mount, bool) {
	data, err := fs.ReadFile(fsys, "proc/self/mountinfo")
	if err != nil {
		return def, true
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTS
		left, right, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		l, r := strings.Fields(left), strings.Fields(right)
		if len(l) < 5 || len(r) < 1 {
			continue
		}
		opts := ""
		if len(r) >= 3 {
			opts = r[2]
		}
		if match(r[0], opts) {
			return mount{Root: unescape(l[3]), Point: unescape(l[4])}, true
		}
	}
	return mount{}, false
}

// unescape undoes mountinfo's octal escapes (\040 for a space).
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
