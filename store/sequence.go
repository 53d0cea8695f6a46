package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// ErrSequenceChanged is the error of VerifySequence for a sequence file
// whose SHA-256 is not the stored one.
var ErrSequenceChanged = errors.New("sequence file changed")

// FileSHA256 returns the SHA-256 of the file at path, in lower-case hex:
// what a run stores as SeqSHA256.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// VerifySequence checks the sequence file of r: it reads SeqPath (relative
// to the working directory when not absolute) and compares its SHA-256 with
// SeqSHA256. A run without a sequence file, a missing file (the error wraps
// fs.ErrNotExist) and a changed one (ErrSequenceChanged) are errors.
func VerifySequence(r Run) error {
	switch {
	case r.SeqPath == "":
		return fmt.Errorf("run %s to %d heaps: no sequence file (seq_path is empty)", r.Canonical, r.Heaps)
	case r.SeqSHA256 == "":
		return fmt.Errorf("run %s to %d heaps: sequence file %s has no checksum (seq_sha256 is empty)", r.Canonical, r.Heaps, r.SeqPath)
	}
	sum, err := FileSHA256(r.SeqPath)
	if err != nil {
		return fmt.Errorf("run %s to %d heaps: sequence file: %w", r.Canonical, r.Heaps, err)
	}
	if !strings.EqualFold(sum, r.SeqSHA256) {
		return fmt.Errorf("run %s to %d heaps: %w: %s has SHA-256 %s, the store says %s",
			r.Canonical, r.Heaps, ErrSequenceChanged, r.SeqPath, sum, r.SeqSHA256)
	}
	return nil
}
