package searchjobs

// The checkpoint file of a run (--out FILE): JSON lines, each appended in
// one write and synced before the run goes on. Version 2:
//
//	{"type":"header","version":2,"game":"domineering","board":"....|....","self_transpose":false,"id":"…","created_at":"…"}
//	{"type":"split","first":"Left","settled":false,"win":false,"children":["##..|....", …]}
//	{"type":"split","first":"Right",…}
//	{"type":"split","first":"Left","parent":3,"child":"…","settled":false,"win":false,"children":["…", …]}
//	{"type":"subtree","run":1,"first":"Left","parent":3,"index":0,"child":"…","win":true,"positions":727542,"seconds":0.38,"elapsed":1.2}
//	{"type":"subtree","run":1,"first":"Left","index":3,"child":"…","win":false,"positions":…,"seconds":…,"elapsed":…,"by":"grandchildren"}
//	{"type":"subtree","run":1,"first":"Left","index":4,"child":"…","win":false,"positions":…,"seconds":0.38,"elapsed":1.2,"worker":"…","attempt":1}
//	{"type":"done","run":2,"outcome":"R","left_first":"Right","right_first":"Right","positions":…,"seconds":…,"subtrees":41}
//
// The header names the board, so that a resume with another board is
// refused; its id names the run's sweeps on the queue, so that a resumed
// run collects the results its workers stored while it was away. A split
// is the first player's moves worth searching, best first, as the boards
// they leave (none when settled at once, win saying whether she wins); a
// board equal to its own transpose has Left's split only. Of the boards
// of a split equal up to flips, the first alone is searched: it decides
// the others.
//
// A split with a parent (split depth 2) is a child's own split: the
// opponent's replies to first's move parent, as the boards they leave
// (the grandchildren, first to move), written before any of them is
// searched; settled and win say whether first's move wins (the opponent,
// moving first on child, loses). A subtree line says whether first wins
// its subtree (win): without a parent, whether first's move to child wins
// (the opponent, moving first on it, loses); with a parent, whether first,
// moving first on the grandchild child (reply index of child parent),
// wins. A child is decided by its own search (no "by"), or at split depth
// 2 by its grandchildren ("by":"grandchildren": one lost, or every one
// won) or by its split ("by":"split", settled), and then has a subtree
// line too, whose positions and seconds are its grandchildren's (counted
// once, in their lines), so that a reader of children alone sees every
// child decided. run numbers the runs of the file (1, then one more for
// each --resume), elapsed is the seconds since that run began, and
// seconds, positions, worker and attempt are the subtree's search. A last
// line cut short by a kill is dropped when the file is read again.
//
// Version 1 is version 2 without parents and "by" (split depth 1 alone):
// such a file is resumed at split depth 1, and refused at depth 2, so
// that it stays a file of version 1.

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"nimber/game"
	"nimber/heap/seqfile"
)

// The kinds of line.
const (
	lineHeader  = "header"
	lineSplit   = "split"
	lineSubtree = "subtree"
	lineDone    = "done"
)

// fileVersion is the version of the checkpoint format that runs write;
// version 1 (no grandchildren) is read too.
const fileVersion = 2

type headerLine struct {
	Type          string    `json:"type"`
	Version       int       `json:"version"`
	Game          string    `json:"game"`
	Board         string    `json:"board"`
	SelfTranspose bool      `json:"self_transpose"`
	ID            string    `json:"id"`
	CreatedAt     time.Time `json:"created_at"`
}

type splitLine struct {
	Type  string `json:"type"`
	First string `json:"first"`
	// Parent and Child, of a child's own split only: the child's index in
	// first's split, and its board.
	Parent   *int     `json:"parent,omitempty"`
	Child    string   `json:"child,omitempty"`
	Settled  bool     `json:"settled"`
	Win      bool     `json:"win"`
	Children []string `json:"children"`
}

type subtreeLine struct {
	Type  string `json:"type"`
	Run   int    `json:"run"`
	First string `json:"first"`
	// Parent is the child whose reply Index is, for a grandchild; nil for
	// a child.
	Parent    *int    `json:"parent,omitempty"`
	Index     int     `json:"index"`
	Child     string  `json:"child"`
	Win       bool    `json:"win"`
	Positions int64   `json:"positions"`
	Seconds   float64 `json:"seconds"`
	Elapsed   float64 `json:"elapsed"`
	Worker    string  `json:"worker,omitempty"`
	Attempt   int     `json:"attempt,omitempty"`
	// By says how a child was decided without a search of its own:
	// byGrandchildren or bySplit; "" for a search.
	By string `json:"by,omitempty"`
}

// How a child is decided at split depth 2 (subtreeLine.By).
const (
	byGrandchildren = "grandchildren"
	bySplit         = "split"
)

type doneLine struct {
	Type       string  `json:"type"`
	Run        int     `json:"run"`
	Outcome    string  `json:"outcome"`
	LeftFirst  string  `json:"left_first"`
	RightFirst string  `json:"right_first"`
	Positions  int64   `json:"positions"`
	Seconds    float64 `json:"seconds"`
	Subtrees   int     `json:"subtrees"`
}

// state is what a checkpoint file says.
type state struct {
	header     headerLine
	splits     [2]*splitLine         // by first player
	kidSplits  [2]map[int]*splitLine // the children's own splits, by first player and parent
	subtrees   [2][]subtreeLine      // by first player, in the file's order, children's and grandchildren's
	done       *doneLine             // when the board is decided
	runs       int                   // the highest run number
	runSeconds map[int]float64       // each run's last elapsed
	size       int64                 // the bytes of whole lines
}

// result is the answer of a finished checkpoint.
func (st *state) result(board string) Result {
	d := st.done
	return Result{Board: board, LeftFirst: d.LeftFirst == "Left", RightFirst: d.RightFirst == "Right", Positions: d.Positions,
		TotalSeconds: d.Seconds, Subtrees: d.Subtrees, FromCheckpoint: d.Subtrees}
}

// checkpoint is a checkpoint file open for appending, under its lock. A
// nil *checkpoint (a run without --out) keeps nothing.
type checkpoint struct {
	path string
	f    *os.File
	lock *os.File
}

// openCheckpoint takes the lock of the file path and opens it: created
// with its header for board when resume is false (it must not exist),
// read when resume is true (it must exist, and be board's), its torn last
// line dropped.
func openCheckpoint(path string, resume bool, board string, self bool) (*checkpoint, *state, error) {
	lock, err := seqfile.Lock(path)
	if err != nil {
		return nil, nil, err
	}
	c := &checkpoint{path: path, lock: lock}
	st, err := c.open(resume, board, self)
	if err != nil {
		c.close()
		return nil, nil, err
	}
	return c, st, nil
}

func (c *checkpoint) open(resume bool, board string, self bool) (*state, error) {
	_, statErr := os.Stat(c.path)
	switch {
	case resume && statErr != nil:
		return nil, fmt.Errorf("%s does not exist: nothing to resume (start it without --resume)", c.path)
	case !resume && statErr == nil:
		return nil, fmt.Errorf("%s already exists: go on from it with --resume, or remove it", c.path)
	case !resume:
		return c.create(board, self)
	}
	data, err := os.ReadFile(c.path)
	if err != nil {
		return nil, err
	}
	st, err := readState(c.path, data, board, self)
	if err != nil {
		return nil, err
	}
	if c.f, err = os.OpenFile(c.path, os.O_WRONLY|os.O_APPEND, 0); err != nil {
		return nil, err
	}
	if st.size < int64(len(data)) {
		// The torn last line of a kill: appending goes on after the last
		// whole line.
		if err := c.f.Truncate(st.size); err != nil {
			return nil, fmt.Errorf("checkpoint %s: dropping its torn last line: %w", c.path, err)
		}
		if err := c.f.Sync(); err != nil {
			return nil, fmt.Errorf("checkpoint %s: %w", c.path, err)
		}
	}
	return st, nil
}

// create writes a new checkpoint file with its header.
func (c *checkpoint) create(board string, self bool) (*state, error) {
	h := headerLine{Type: lineHeader, Version: fileVersion, Game: Game, Board: board, SelfTranspose: self,
		ID: rand.Text(), CreatedAt: time.Now().UTC()}
	var err error
	if c.f, err = os.OpenFile(c.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644); err != nil {
		return nil, err
	}
	if err := c.append(&h); err != nil {
		return nil, err
	}
	// The file's name, synced too: a kill now leaves the file found.
	dir, err := os.Open(filepath.Dir(c.path))
	if err != nil {
		return nil, err
	}
	err = dir.Sync()
	if cerr := dir.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: syncing its folder: %w", c.path, err)
	}
	return &state{header: h, runSeconds: map[int]float64{}}, nil
}

// append writes line v and syncs it.
func (c *checkpoint) append(v any) error {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := c.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	if err := c.f.Sync(); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.path, err)
	}
	return nil
}

// close closes the file and releases its lock.
func (c *checkpoint) close() error {
	var err error
	if c.f != nil {
		err = c.f.Close()
	}
	c.lock.Close()
	return err
}

// tornStart is how every line begins: a last line cut short is a prefix
// of it, or begins with it.
const tornStart = `{"type":"`

// readState reads the checkpoint data of the file path, which must be
// board's (self: its own transpose). A last line that does not parse, cut
// short by a kill (or zeros, where a crash of the machine left them), is
// dropped; any other line that does not is an error.
func readState(path string, data []byte, board string, self bool) (*state, error) {
	st := &state{runSeconds: map[int]float64{}}
	seenHeader := false
	for n := 1; int(st.size) < len(data); n++ {
		rest := data[st.size:]
		line, _, whole := bytes.Cut(rest, []byte("\n"))
		if !whole {
			// The last line, cut short before its newline (whole but
			// for it, it is dropped all the same, and written again).
			if torn(line) {
				break
			}
			return nil, fmt.Errorf("%s, line %d: not a line of a checkpoint (no newline)", path, n)
		}
		if !json.Valid(line) && len(bytes.TrimSpace(rest[len(line):])) == 0 && torn(line) {
			break // the last line, cut short
		}
		if err := st.add(line, seenHeader, board, self); err != nil {
			return nil, fmt.Errorf("%s, line %d: %w", path, n, err)
		}
		seenHeader = true
		st.size += int64(len(line)) + 1
	}
	if !seenHeader {
		return nil, fmt.Errorf("%s holds no checkpoint header (not a checkpoint of nimber outcome, or killed before it was written: remove it and start again)", path)
	}
	return st, nil
}

// torn reports whether line may be a line cut short.
func torn(line []byte) bool {
	n := min(len(line), len(tornStart))
	return bytes.Equal(line[:n], []byte(tornStart[:n])) || len(bytes.Trim(line, "\x00")) == 0
}

// add reads one line into st.
func (st *state) add(line []byte, seenHeader bool, board string, self bool) error {
	var kind struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(line, &kind); err != nil {
		return fmt.Errorf("not a line of a checkpoint: %v", err)
	}
	if !seenHeader && kind.Type != lineHeader {
		return fmt.Errorf("a line of type %q before the header: not a checkpoint of nimber outcome", kind.Type)
	}
	switch kind.Type {
	case lineHeader:
		if seenHeader {
			return errors.New("a second header")
		}
		h := &st.header
		if err := strict(line, h); err != nil {
			return err
		}
		switch {
		case h.Version != 1 && h.Version != fileVersion:
			return fmt.Errorf("a checkpoint of version %d, this nimber reads versions 1 and %d", h.Version, fileVersion)
		case h.Game != Game:
			return fmt.Errorf("a checkpoint of %s, not %s", h.Game, Game)
		case h.Board != board:
			return fmt.Errorf("the checkpoint of the board %s, not %s: resume it with that board, or give another --out FILE", h.Board, board)
		case h.SelfTranspose != self:
			return fmt.Errorf("the header says self_transpose %v, the board is %v", h.SelfTranspose, self)
		}
	case lineSplit:
		var sp splitLine
		if err := strict(line, &sp); err != nil {
			return err
		}
		first, err := side(sp.First)
		if err != nil {
			return err
		}
		if sp.Parent != nil {
			return st.addKidSplit(first, &sp)
		}
		switch {
		case sp.Child != "":
			return fmt.Errorf("a split of %s with a child and no parent", sp.First)
		case st.splits[first] != nil:
			return fmt.Errorf("a second split of %s", sp.First)
		case self && first == game.Right:
			return errors.New("a split of Right on a board that is its own transpose")
		case sp.Settled && len(sp.Children) > 0:
			return fmt.Errorf("a settled split of %s with %d boards", sp.First, len(sp.Children))
		}
		for i, c := range sp.Children {
			if len(c) != len(board) {
				return fmt.Errorf("board %d of the split of %s, %q, is not the size of %s", i, sp.First, c, board)
			}
		}
		st.splits[first] = &sp
	case lineSubtree:
		var s subtreeLine
		if err := strict(line, &s); err != nil {
			return err
		}
		first, err := side(s.First)
		if err != nil {
			return err
		}
		sp, name := st.splits[first], "subtree "+strconv.Itoa(s.Index)+" of "+s.First
		if s.Parent != nil {
			sp, name = st.kidSplits[first][*s.Parent], fmt.Sprintf("subtree %d of child %d of %s", s.Index, *s.Parent, s.First)
			switch {
			case st.header.Version < 2:
				return fmt.Errorf("%s: a grandchild in a checkpoint of version %d", name, st.header.Version)
			case s.By != "":
				return fmt.Errorf("%s: a grandchild decided %q, as a child is", name, s.By)
			}
		}
		switch {
		case sp == nil && s.Parent != nil:
			return fmt.Errorf("%s before the split of that child", name)
		case sp == nil:
			return fmt.Errorf("a subtree of %s before the split of %s", s.First, s.First)
		case s.Index < 0 || s.Index >= len(sp.Children):
			return fmt.Errorf("%s, which has %d", name, len(sp.Children))
		case s.Child != sp.Children[s.Index]:
			return fmt.Errorf("%s is %s, the split says %s", name, s.Child, sp.Children[s.Index])
		case s.Run < 1 || s.Positions < 0 || s.Seconds < 0:
			return fmt.Errorf("%s: run %d, %d positions, %g s", name, s.Run, s.Positions, s.Seconds)
		case s.By != "" && (st.header.Version < 2 || s.By != byGrandchildren && s.By != bySplit):
			return fmt.Errorf("%s decided by %q in a checkpoint of version %d", name, s.By, st.header.Version)
		}
		st.subtrees[first] = append(st.subtrees[first], s)
		st.runs = max(st.runs, s.Run)
		st.runSeconds[s.Run] = max(st.runSeconds[s.Run], s.Elapsed)
	case lineDone:
		var d doneLine
		if err := strict(line, &d); err != nil {
			return err
		}
		if outcomeClass(d.LeftFirst == "Left", d.RightFirst == "Right") != d.Outcome {
			return fmt.Errorf("the outcome %s with %s winning when Left moves first and %s when Right does", d.Outcome, d.LeftFirst, d.RightFirst)
		}
		st.done = &d
		st.runs = max(st.runs, d.Run)
	default:
		return fmt.Errorf("a line of unknown type %q", kind.Type)
	}
	return nil
}

// addKidSplit reads a child's own split (version 2): the replies of
// first's opponent to her move sp.Parent.
func (st *state) addKidSplit(first game.Side, sp *splitLine) error {
	root, i := st.splits[first], *sp.Parent
	switch {
	case st.header.Version < 2:
		return fmt.Errorf("a split of child %d of %s in a checkpoint of version %d", i, sp.First, st.header.Version)
	case root == nil:
		return fmt.Errorf("a split of child %d of %s before the split of %s", i, sp.First, sp.First)
	case i < 0 || i >= len(root.Children):
		return fmt.Errorf("a split of child %d of %s, which has %d", i, sp.First, len(root.Children))
	case sp.Child != root.Children[i]:
		return fmt.Errorf("the split of child %d of %s is of %s, the split of %s says %s", i, sp.First, sp.Child, sp.First, root.Children[i])
	case st.kidSplits[first][i] != nil:
		return fmt.Errorf("a second split of child %d of %s", i, sp.First)
	case sp.Settled && len(sp.Children) > 0:
		return fmt.Errorf("a settled split of child %d of %s with %d boards", i, sp.First, len(sp.Children))
	}
	for j, c := range sp.Children {
		if len(c) != len(root.Children[i]) {
			return fmt.Errorf("board %d of the split of child %d of %s, %q, is not the size of %s", j, i, sp.First, c, root.Children[i])
		}
	}
	if st.kidSplits[first] == nil {
		st.kidSplits[first] = map[int]*splitLine{}
	}
	st.kidSplits[first][i] = sp
	return nil
}

// strict decodes a line into v, refusing unknown fields.
func strict(line []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("not a line of a checkpoint: %v", err)
	}
	return nil
}

// side reads "Left" or "Right".
func side(s string) (game.Side, error) {
	switch s {
	case "Left":
		return game.Left, nil
	case "Right":
		return game.Right, nil
	}
	return 0, fmt.Errorf("first player %q: want Left or Right", s)
}
