package seqfile

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// LockSuffix names the lock file of a sequence file FILE: FILE.lock. A
// Writer holds an advisory lock on it (flock, where the system has it) for
// as long as it is open, so that a second Writer of the same file is
// refused at once. The lock file holds the process ID of its last holder
// and stays in place: the kernel drops the lock itself when the process
// ends, even by kill -9.
const LockSuffix = ".lock"

// LockedError reports a sequence file that another Writer holds.
type LockedError struct {
	Path string // the sequence file
	PID  int    // the process holding it, 0 when unknown
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID > 0 {
		who = "process " + strconv.Itoa(e.PID)
	}
	return fmt.Sprintf("%s is being written by %s (it holds the lock %s)", e.Path, who, e.Path+LockSuffix)
}

// Lock takes the lock of the file path (a sequence file, or any file one
// writer at a time keeps), or fails with a
// *LockedError when another Writer holds it. Closing the returned file
// releases the lock.
func Lock(path string) (*os.File, error) {
	f, err := os.OpenFile(path+LockSuffix, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path+LockSuffix, err)
	}
	if held {
		b := make([]byte, 32)
		n, _ := f.ReadAt(b, 0)
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b[:n])))
		f.Close()
		return nil, &LockedError{Path: path, PID: pid}
	}
	// Ours: record who holds it, for the message of the next one.
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path+LockSuffix, err)
		}
	}
	return f, nil
}
