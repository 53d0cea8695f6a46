// Package seqfile keeps a nim-sequence on disk, written as it grows, with
// checkpoints, so that a long run killed at any moment (even by kill -9)
// resumes from its last checkpoint and ends with exactly the bytes an
// uninterrupted run writes.
//
// # The data file FILE
//
// A header, then the values G(0), G(1), ... in order, each in width bytes,
// little-endian. All integers are little-endian; CRC means CRC-32C
// (Castagnoli).
//
//	offset  size  field
//	0       8     magic "NIMBSEQ1"
//	8       2     format version, 1
//	10      1     width: bytes per value, 1 or 2
//	11      1     reserved, 0
//	12      4     L, the length of the game's code
//	16      L     the game's canonical code (heap.Code.String), e.g. "0.137"
//	16+L    4     CRC of bytes 0 .. 16+L-1
//	20+L          the values; value i at 20+L + i*width
//
// The width is 1 while every value fits in a byte and 2 as soon as one
// does not (values never exceed 65535). When a value above 255 is
// appended, the whole file is rewritten with width 2 into FILE.tmp, which
// is synced and renamed over FILE. The file is therefore canonical: its
// bytes depend only on the game and the number of values, never on how
// the run was chunked, interrupted or resumed.
//
// # The checkpoint FILE.ckpt
//
// Values are committed by a checkpoint: FILE is synced, then FILE.ckpt is
// replaced atomically (written to FILE.ckpt.tmp, synced, renamed, the
// directory synced).
//
//	offset  size  field
//	0       8     magic "NIMBCKP1"
//	8       2     format version, 1
//	10      1     width the data CRC was computed at, 1 or 2
//	11      1     reserved, 0
//	12      8     count: values committed
//	20      4     CRC of the first count values encoded at that width
//	24      4     L, the length of the game's code
//	28      L     the game's canonical code
//	28+L    4     CRC of bytes 0 .. 28+L-1
//
// # Resuming
//
// Resume trusts nothing it has not checked: the header's CRC, the
// checkpoint's CRC, that both name the game being computed, that FILE holds
// at least count values, and the CRC of those values (re-encoded at the
// checkpoint's width, which differs from the header's only after a crash
// between a width rewrite and the next checkpoint). Whatever follows the
// committed values (a run killed between checkpoints leaves values, maybe
// a partial one) is cut off, and the run continues from count.
//
// A run killed while creating FILE, before its first checkpoint, leaves a
// FILE holding at most a header and no FILE.ckpt: Resume starts it over.
// Any other FILE without a checkpoint is refused, as it cannot be verified.
package seqfile

import (
	"nimber/heap"

	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Sequence-file format constants; see the comment at the top of seqfile.go.
const (
	SeqMagic        = "NIMBSEQ1"
	CheckpointMagic = "NIMBCKP1"
	SeqVersion      = 1
	// CheckpointSuffix is appended to a sequence file's path to name its
	// checkpoint.
	CheckpointSuffix = ".ckpt"
)

// maxCodeLen bounds the code length read from a header (heap.MaxDigits digits,
// the point and "!", with room to spare).
const maxCodeLen = heap.MaxDigits + 16

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checkpoint is the content of a checkpoint file.
type Checkpoint struct {
	Code  string // the game's canonical code
	Count int64  // values committed
	Width int    // width the CRC was computed at
	CRC   uint32 // CRC-32C of the committed values encoded at Width
}

// Writer appends a nim-sequence to a sequence file and commits it with
// checkpoints. It is not safe for concurrent use; while it is open it holds
// the file's lock (see LockSuffix), so a second Writer of the same file, in
// this process or another, is refused with a *LockedError.
//
// A sequence file FILE is a header ("NIMBSEQ1", format version, value width
// 1 or 2, the game's canonical code, CRC-32C) followed by the values, one
// or two bytes each (two once a value exceeds 255: the file is then
// rewritten, atomically). FILE.ckpt, replaced atomically, commits a count
// of values with the CRC-32C of their bytes. The layout is documented at
// the top of seqfile.go.
type Writer struct {
	path   string
	code   string
	f      *os.File
	lock   *os.File // holds the lock of path until Close
	buf    *bufio.Writer
	width  int
	hdrLen int64
	count  int64  // values appended
	crc    uint32 // CRC of the data bytes of the values appended
	max    uint16 // largest value appended
	done   int64  // values committed by the last checkpoint
	err    error  // sticky: after a failed write the Writer refuses work
	enc    []byte
}

// Create starts the sequence file path for the game g, with no values,
// and commits it with a first checkpoint. It refuses to replace an
// existing file (the error then satisfies errors.Is(err, fs.ErrExist)).
func Create(path string, g *heap.Code) (*Writer, error) {
	l, err := Lock(path)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		l.Close()
		return nil, err
	}
	w, err := start(path, g.String(), f)
	if err != nil {
		f.Close()
		os.Remove(path)
		l.Close()
		return nil, err
	}
	w.lock = l
	return w, nil
}

// start writes the header of an empty width-1 file to f and commits it.
func start(path, code string, f *os.File) (*Writer, error) {
	hdr := encodeHeader(code, 1)
	if err := f.Truncate(0); err != nil {
		return nil, err
	}
	if _, err := f.WriteAt(hdr, 0); err != nil {
		return nil, err
	}
	if _, err := f.Seek(int64(len(hdr)), io.SeekStart); err != nil {
		return nil, err
	}
	w := &Writer{path: path, code: code, f: f, width: 1, hdrLen: int64(len(hdr)), done: -1}
	w.buf = bufio.NewWriterSize(f, 1<<16)
	if err := w.Checkpoint(); err != nil {
		return nil, err
	}
	syncDir(path)
	return w, nil
}

// Resume opens the sequence file path of the game g, verifies it against
// its checkpoint, cuts off whatever follows the committed values, and
// returns a Writer that appends after them together with the values.
func Resume(path string, g *heap.Code) (*Writer, *heap.Seq, error) {
	code := g.String()
	l, err := Lock(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		l.Close()
		return nil, nil, err
	}
	w, vals, err := resume(path, code, f)
	if err != nil {
		f.Close()
		l.Close()
		return nil, nil, err
	}
	w.lock = l
	return w, vals, nil
}

func resume(path, code string, f *os.File) (*Writer, *heap.Seq, error) {
	ck, ckErr := ReadCheckpoint(path + CheckpointSuffix)
	if errors.Is(ckErr, fs.ErrNotExist) {
		// Killed while being created? Then FILE holds a prefix of the
		// header (or all of it) and nothing else: start over.
		want := encodeHeader(code, 1)
		head := make([]byte, len(want)+1)
		n, err := f.ReadAt(head, 0)
		if err != nil && err != io.EOF {
			return nil, nil, err
		}
		if bytes.HasPrefix(want, head[:n]) {
			w, err := start(path, code, f)
			return w, &heap.Seq{}, err
		}
	}
	fileCode, width, hdrLen, err := readHeader(f, path)
	if err != nil {
		return nil, nil, err
	}
	if fileCode != code {
		return nil, nil, fmt.Errorf("%s holds the sequence of %s, not %s", path, fileCode, code)
	}
	if ckErr != nil {
		if errors.Is(ckErr, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s: no checkpoint %s, so its values cannot be verified", path, path+CheckpointSuffix)
		}
		return nil, nil, ckErr
	}
	if ck.Code != fileCode {
		return nil, nil, fmt.Errorf("%s is the checkpoint of %s, but %s holds the sequence of %s", path+CheckpointSuffix, ck.Code, path, fileCode)
	}
	vals, fileCRC, err := readValues(f, path, hdrLen, width, ck)
	if err != nil {
		return nil, nil, err
	}
	// Verified: cut off what follows the committed values.
	end := hdrLen + ck.Count*int64(width)
	if err := f.Truncate(end); err != nil {
		return nil, nil, err
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return nil, nil, err
	}
	w := &Writer{path: path, code: code, f: f, width: width, hdrLen: hdrLen, count: ck.Count, done: ck.Count}
	w.buf = bufio.NewWriterSize(f, 1<<16)
	for n := range vals.Len() {
		w.max = max(w.max, vals.At(n))
	}
	canonical := 1
	if w.max > 255 {
		canonical = 2
	}
	switch {
	case canonical != width:
		// A crash after a width rewrite whose value past the checkpoint
		// was cut off: back to the canonical width.
		err = w.rewrite(canonical)
	case ck.Width != width:
		w.crc = fileCRC
	default:
		w.crc = ck.CRC
	}
	if err == nil && ck.Width != w.width {
		w.done = -1 // force the checkpoint
		err = w.Checkpoint()
	}
	if err != nil {
		w.f.Close() // rewrite may have replaced f
		return nil, nil, err
	}
	return w, vals, nil
}

// readValues reads and verifies the values committed by ck from the data
// file f whose values, after a header of hdrLen bytes, have the given width.
// It also returns the checksum of those values as the file holds them.
func readValues(f *os.File, path string, hdrLen int64, width int, ck *Checkpoint) (*heap.Seq, uint32, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if held := (st.Size() - hdrLen) / int64(width); held < ck.Count {
		return nil, 0, fmt.Errorf("%s: checkpoint says %d values but the file holds %d", path, ck.Count, held)
	}
	if ck.Count > heap.MaxSequence {
		return nil, 0, fmt.Errorf("%s: checkpoint says %d values, more than nimber computes (2^32)", path, ck.Count)
	}
	seq := &heap.Seq{}
	seq.Grow(int(ck.Count))
	r := bufio.NewReaderSize(io.NewSectionReader(f, hdrLen, ck.Count*int64(width)), 1<<16)
	var crc, fileCRC uint32
	var enc []byte
	var vals []uint16
	chunk := make([]byte, 1<<16)
	fits := true
	for int64(seq.Len()) < ck.Count {
		n := min(int64(len(chunk)/width), ck.Count-int64(seq.Len()))
		b := chunk[:n*int64(width)]
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, 0, fmt.Errorf("%s: reading values: %v", path, err)
		}
		vals = decode(vals[:0], b, width)
		for _, v := range vals {
			seq.Append(v)
		}
		fileCRC = crc32.Update(fileCRC, castagnoli, b)
		if ck.Width == width {
			continue
		}
		for _, v := range vals {
			if ck.Width == 1 && v > 255 {
				fits = false
			}
		}
		enc = encode(enc[:0], vals, ck.Width)
		crc = crc32.Update(crc, castagnoli, enc)
	}
	if ck.Width == width {
		crc = fileCRC
	}
	if !fits || crc != ck.CRC {
		return nil, 0, fmt.Errorf("%s: checksum mismatch in the %d values its checkpoint commits: the file is corrupt", path, ck.Count)
	}
	return seq, fileCRC, nil
}

// ReadFile reads the sequence file path: its game's canonical code and
// the values its checkpoint commits, verified. Values past the checkpoint
// are ignored; the file is not modified.
func ReadFile(path string) (code string, vals *heap.Seq, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	code, width, hdrLen, err := readHeader(f, path)
	if err != nil {
		return "", nil, err
	}
	ck, err := ReadCheckpoint(path + CheckpointSuffix)
	if err != nil {
		return "", nil, err
	}
	if ck.Code != code {
		return "", nil, fmt.Errorf("%s is the checkpoint of %s, but %s holds the sequence of %s", path+CheckpointSuffix, ck.Code, path, code)
	}
	vals, _, err = readValues(f, path, hdrLen, width, ck)
	if err != nil {
		return "", nil, err
	}
	return code, vals, nil
}

// ReadCheckpoint reads and verifies the checkpoint file path (FILE.ckpt).
// A missing file gives an error satisfying errors.Is(err, fs.ErrNotExist).
func ReadCheckpoint(path string) (*Checkpoint, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bad := func(what string) (*Checkpoint, error) {
		return nil, fmt.Errorf("%s: corrupt checkpoint (%s); it cannot be trusted", path, what)
	}
	if len(b) < 32 || string(b[:8]) != CheckpointMagic {
		return bad("not a nimber checkpoint file")
	}
	l := int64(binary.LittleEndian.Uint32(b[24:]))
	if int64(len(b)) != 32+l {
		return bad(fmt.Sprintf("%d bytes, want %d", len(b), 32+l))
	}
	if crc32.Checksum(b[:28+l], castagnoli) != binary.LittleEndian.Uint32(b[28+l:]) {
		return bad("checksum mismatch")
	}
	if v := binary.LittleEndian.Uint16(b[8:]); v != SeqVersion {
		return nil, fmt.Errorf("%s: checkpoint format version %d, this nimber reads %d", path, v, SeqVersion)
	}
	ck := &Checkpoint{
		Code:  string(b[28 : 28+l]),
		Count: int64(binary.LittleEndian.Uint64(b[12:])),
		Width: int(b[10]),
		CRC:   binary.LittleEndian.Uint32(b[20:]),
	}
	if (ck.Width != 1 && ck.Width != 2) || ck.Count < 0 {
		return bad(fmt.Sprintf("width %d, count %d", ck.Width, ck.Count))
	}
	return ck, nil
}

// readHeader reads and verifies the header of the data file f.
func readHeader(f *os.File, path string) (code string, width int, hdrLen int64, err error) {
	var fixed [16]byte
	n, err := f.ReadAt(fixed[:], 0)
	if err != nil && err != io.EOF {
		return "", 0, 0, err
	}
	if !bytes.HasPrefix(fixed[:n], []byte(SeqMagic)) && !bytes.HasPrefix([]byte(SeqMagic), fixed[:n]) || n == 0 {
		return "", 0, 0, fmt.Errorf("%s: not a nimber sequence file", path)
	}
	if n < len(fixed) {
		return "", 0, 0, fmt.Errorf("%s: truncated header", path)
	}
	l := int64(binary.LittleEndian.Uint32(fixed[12:]))
	if l > maxCodeLen {
		return "", 0, 0, fmt.Errorf("%s: corrupt header (code length %d)", path, l)
	}
	hdr := make([]byte, 20+l)
	if _, err := f.ReadAt(hdr, 0); err != nil {
		if err == io.EOF {
			return "", 0, 0, fmt.Errorf("%s: truncated header", path)
		}
		return "", 0, 0, err
	}
	if crc32.Checksum(hdr[:16+l], castagnoli) != binary.LittleEndian.Uint32(hdr[16+l:]) {
		return "", 0, 0, fmt.Errorf("%s: corrupt header (checksum mismatch)", path)
	}
	if v := binary.LittleEndian.Uint16(hdr[8:]); v != SeqVersion {
		return "", 0, 0, fmt.Errorf("%s: format version %d, this nimber reads %d", path, v, SeqVersion)
	}
	width = int(hdr[10])
	if width != 1 && width != 2 {
		return "", 0, 0, fmt.Errorf("%s: corrupt header (width %d)", path, width)
	}
	return string(hdr[16 : 16+l]), width, 20 + l, nil
}

func encodeHeader(code string, width int) []byte {
	b := make([]byte, 0, 20+len(code))
	b = append(b, SeqMagic...)
	b = binary.LittleEndian.AppendUint16(b, SeqVersion)
	b = append(b, byte(width), 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(code)))
	b = append(b, code...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

func encodeCheckpoint(ck *Checkpoint) []byte {
	b := make([]byte, 0, 32+len(ck.Code))
	b = append(b, CheckpointMagic...)
	b = binary.LittleEndian.AppendUint16(b, SeqVersion)
	b = append(b, byte(ck.Width), 0)
	b = binary.LittleEndian.AppendUint64(b, uint64(ck.Count))
	b = binary.LittleEndian.AppendUint32(b, ck.CRC)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(ck.Code)))
	b = append(b, ck.Code...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// encode appends vals to dst, width bytes each, little-endian.
func encode(dst []byte, vals []uint16, width int) []byte {
	if width == 1 {
		for _, v := range vals {
			dst = append(dst, byte(v))
		}
		return dst
	}
	for _, v := range vals {
		dst = append(dst, byte(v), byte(v>>8))
	}
	return dst
}

// decode appends the values of b, width bytes each, to vals.
func decode(vals []uint16, b []byte, width int) []uint16 {
	if width == 1 {
		for _, c := range b {
			vals = append(vals, uint16(c))
		}
		return vals
	}
	for i := 0; i+1 < len(b); i += 2 {
		vals = append(vals, uint16(b[i])|uint16(b[i+1])<<8)
	}
	return vals
}

// Path returns the data file's path.
func (w *Writer) Path() string { return w.path }

// Count returns the number of values appended.
func (w *Writer) Count() int64 { return w.count }

// Committed returns the number of values the last checkpoint commits.
func (w *Writer) Committed() int64 { return w.done }

// Width returns the bytes per value in the file now.
func (w *Writer) Width() int { return w.width }

// Append writes values at the end of the file (not synced). They are
// committed by the next Checkpoint; until then a crash may lose them, or
// leave some of them, maybe a partial one, which Resume cuts off. The
// first value above 255 rewrites the file with width 2.
func (w *Writer) Append(vals []uint16) error {
	if w.err != nil {
		return w.err
	}
	for len(vals) > 0 {
		n := len(vals)
		if w.width == 1 {
			for i, v := range vals {
				if v > 255 {
					n = i
					break
				}
			}
			if n == 0 {
				if err := w.rewrite(2); err != nil {
					return err
				}
				continue
			}
		}
		part := vals[:min(n, 1<<15)]
		w.enc = encode(w.enc[:0], part, w.width)
		if _, err := w.buf.Write(w.enc); err != nil {
			w.err = err
			return err
		}
		w.crc = crc32.Update(w.crc, castagnoli, w.enc)
		for _, v := range part {
			w.max = max(w.max, v)
		}
		w.count += int64(len(part))
		vals = vals[len(part):]
	}
	if err := w.buf.Flush(); err != nil {
		w.err = err
		return err
	}
	return nil
}

// rewrite rewrites the file with the given width: header and every value
// appended so far, into FILE.tmp, synced, then renamed over FILE.
func (w *Writer) rewrite(width int) (err error) {
	defer func() {
		if err != nil {
			w.err = err
		}
	}()
	if err := w.buf.Flush(); err != nil {
		return err
	}
	tmp := w.path + ".tmp"
	t, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if t != nil {
			t.Close()
			os.Remove(tmp)
		}
	}()
	tw := bufio.NewWriterSize(t, 1<<16)
	hdr := encodeHeader(w.code, width)
	if _, err := tw.Write(hdr); err != nil {
		return err
	}
	r := bufio.NewReaderSize(io.NewSectionReader(w.f, w.hdrLen, w.count*int64(w.width)), 1<<16)
	chunk := make([]byte, 1<<16)
	var crc uint32
	var vals []uint16
	var enc []byte
	for left := w.count; left > 0; {
		n := min(int64(len(chunk)/w.width), left)
		b := chunk[:n*int64(w.width)]
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("%s: rereading values: %v", w.path, err)
		}
		vals = decode(vals[:0], b, w.width)
		enc = encode(enc[:0], vals, width)
		if _, err := tw.Write(enc); err != nil {
			return err
		}
		crc = crc32.Update(crc, castagnoli, enc)
		left -= n
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := t.Sync(); err != nil {
		return err
	}
	if err := t.Close(); err != nil {
		return err
	}
	t = nil
	w.f.Close()
	if err := os.Rename(tmp, w.path); err != nil {
		return err
	}
	syncDir(w.path)
	f, err := os.OpenFile(w.path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return err
	}
	w.f, w.width, w.hdrLen, w.crc = f, width, int64(len(hdr)), crc
	w.buf.Reset(f)
	return nil
}

// Checkpoint commits every value appended: it syncs the file and replaces
// the checkpoint atomically.
func (w *Writer) Checkpoint() error {
	if w.err != nil {
		return w.err
	}
	if w.done == w.count {
		return nil
	}
	if err := w.buf.Flush(); err != nil {
		w.err = err
		return err
	}
	if err := w.f.Sync(); err != nil {
		w.err = err
		return err
	}
	ck := &Checkpoint{Code: w.code, Count: w.count, Width: w.width, CRC: w.crc}
	if err := WriteFileAtomic(w.path+CheckpointSuffix, encodeCheckpoint(ck)); err != nil {
		w.err = err
		return err
	}
	w.done = w.count
	return nil
}

// Close commits the values appended with a checkpoint and closes the file.
func (w *Writer) Close() error {
	if w.f == nil {
		return w.err
	}
	err := w.Checkpoint()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.f = nil
	if w.lock != nil {
		w.lock.Close() // releases the lock
		w.lock = nil
	}
	if w.err == nil {
		w.err = errors.New(w.path + ": closed")
	}
	return err
}

// WriteFileAtomic replaces path by data, whole or not at all: written to
// path.tmp, synced, renamed over path, the directory synced.
func WriteFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(path)
	return nil
}

// syncDir syncs the directory holding path, so that a rename in it is
// durable. Best effort: not every system can sync a directory.
func syncDir(path string) {
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
}
