package compound

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of ParseGraph: a larger input is refused before it is held in
// memory.
const (
	MaxGraphBytes     = 256 << 20 // bytes of JSON
	MaxGraphPositions = 1 << 22   // positions
	MaxGraphOptions   = 1 << 24   // options of all positions together
)

// graphLimits are the limits one parse enforces (tests use small ones).
type graphLimits struct {
	bytes     int64
	positions int
	options   int
}

var defaultGraphLimits = graphLimits{MaxGraphBytes, MaxGraphPositions, MaxGraphOptions}

// ParseGraph reads a game graph in JSON:
//
//	{"options": [[], [0], [0, 1]], "names": ["end", "one", "two"]}
//
// "options"[i] lists the options of position i; "names", when present, names
// every position (non-empty, distinct, printable, and a name that is a
// decimal number must be its own position's index, so that Position is never
// ambiguous). Other keys are ignored, so an entry of the project's golden
// data ({"options": ..., "cases": ...}) is a valid graph. The graph must be
// acyclic and have at least one position.
//
// The input is read as a stream of tokens: it is refused as soon as it holds
// more than MaxGraphBytes bytes, MaxGraphPositions positions or
// MaxGraphOptions options in all, before it is held in memory. Errors are one
// line and say where: the line and byte offset of malformed JSON, the
// position (by index and name) of a bad option, the positions of a cycle.
func ParseGraph(r io.Reader) (*Graph, error) {
	return parseGraph(r, defaultGraphLimits, true)
}

// ParseLoopyGraph reads a game graph as ParseGraph does, within the same
// limits, but allows cycles (self-loops included): play may return to an
// earlier position, and positions get generalised Sprague–Grundy values
// (sg.Generalize) instead of Grundy values. A repeated option is kept as
// written; it is the same move.
func ParseLoopyGraph(r io.Reader) (*Graph, error) {
	return parseGraph(r, defaultGraphLimits, false)
}

// graphReader reads at most limit+1 bytes, so that an input over the limit
// is noticed, and keeps the last bytes read (at least graphWindow of them)
// to say where an error is.
type graphReader struct {
	r     io.Reader
	limit int64
	n     int64 // bytes read
	// win holds the bytes read from offset winStart on; linesBefore counts
	// the newlines before winStart.
	win         []byte
	winStart    int64
	linesBefore int64
}

// graphWindow is how many of the last bytes read graphReader keeps.
const graphWindow = 1 << 20

func (c *graphReader) Read(p []byte) (int, error) {
	if c.n > c.limit {
		return 0, io.EOF
	}
	if room := c.limit + 1 - c.n; int64(len(p)) > room {
		p = p[:room]
	}
	k, err := c.r.Read(p)
	c.n += int64(k)
	c.win = append(c.win, p[:k]...)
	if len(c.win) > 2*graphWindow {
		drop := len(c.win) - graphWindow
		c.linesBefore += int64(bytes.Count(c.win[:drop], []byte{'\n'}))
		c.winStart += int64(drop)
		c.win = append(c.win[:0], c.win[drop:]...)
	}
	return k, err
}

// locate returns "line L, column C (byte B)" for byte offset off, or less
// when off is no longer in the window.
func (c *graphReader) locate(off int64) string {
	if off < c.winStart || off > c.winStart+int64(len(c.win)) {
		return fmt.Sprintf("byte %d", off)
	}
	before := c.win[:off-c.winStart]
	line := c.linesBefore + int64(bytes.Count(before, []byte{'\n'})) + 1
	if nl := bytes.LastIndexByte(before, '\n'); nl >= 0 || c.winStart == 0 {
		col := utf8.RuneCount(before[nl+1:]) + 1
		return fmt.Sprintf("line %d, column %d (byte %d)", line, col, off)
	}
	return fmt.Sprintf("line %d (byte %d)", line, off)
}

// tokenStart returns the offset of the first byte at or after off that is
// not white space or a separator (',' or ':'): the start of the next token.
func (c *graphReader) tokenStart(off int64) int64 {
	for off >= c.winStart && off < c.winStart+int64(len(c.win)) {
		switch c.win[off-c.winStart] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// graphParser holds the state of one ParseGraph.
type graphParser struct {
	dec *json.Decoder
	cr  *graphReader
	lim graphLimits
	// mark is the decoder's offset before the last token was read: errors
	// about that token point at its first byte.
	mark int64
}

// fail returns an error about the last token read, at its first byte.
func (p *graphParser) fail(format string, args ...any) error {
	return fmt.Errorf("%s: %s", p.cr.locate(p.cr.tokenStart(p.mark)), fmt.Sprintf(format, args...))
}

// rawToken returns the next token and the decoder's error as it is.
func (p *graphParser) rawToken() (json.Token, error) {
	p.mark = p.dec.InputOffset()
	return p.dec.Token()
}

// token returns the next token, turning a JSON error into a one-line error
// that says where it is.
func (p *graphParser) token() (json.Token, error) {
	t, err := p.rawToken()
	if err != nil {
		return nil, p.jsonError(err)
	}
	return t, nil
}

// jsonError turns an error of the decoder into a one-line error that says
// where it is.
func (p *graphParser) jsonError(err error) error {
	if p.cr.n > p.lim.bytes {
		return fmt.Errorf("input is larger than %d bytes (%d MiB)", p.lim.bytes, p.lim.bytes>>20)
	}
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: malformed JSON: unexpected end of input", p.cr.locate(p.cr.n))
	case errors.As(err, &se):
		return p.fail("malformed JSON: %s", singleLine(se.Error()))
	}
	return p.fail("reading JSON: %s", singleLine(err.Error()))
}

// describeToken names a token in an error message.
func describeToken(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return fmt.Sprintf("%q", string(v))
	case string:
		return "string " + strconv.Quote(clipText(v))
	case json.Number:
		return "number " + clipText(string(v))
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", t)
}

// skip skips the rest of a value whose first token is t.
func (p *graphParser) skip(t json.Token) error {
	if d, ok := t.(json.Delim); !ok || (d != '[' && d != '{') {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := p.token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '[' || d == '{' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// hugeGraphOption is an option written as an integer too large for an int.
type hugeGraphOption struct {
	pos, idx int
	text     string
}

// parseGraph reads a game graph within lim, refusing cycles when acyclic.
//
// An input whose size is known beforehand (a file, a bytes.Reader or a
// strings.Reader) and within the limit is read whole and tried first by
// parseGraphFast, some ten times faster on large graphs; anything that one
// does not accept, and any other input, is read by the token parser,
// which holds no more of the input than its last bytes.
func parseGraph(r io.Reader, lim graphLimits, acyclic bool) (*Graph, error) {
	if size, ok := inputSize(r); ok && size <= lim.bytes {
		// One byte more than the size, to see the end of the input.
		data := make([]byte, size+1)
		k, err := io.ReadFull(r, data)
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("reading the graph: %w", err)
		}
		if data = data[:k]; k > int(size) {
			// The input grew since its size was taken: read it as a stream.
			r = io.MultiReader(bytes.NewReader(data), r)
			return parseGraphTokens(r, lim, acyclic)
		}
		if fg, ok := parseGraphFast(data, lim); ok && int64(len(data)) <= lim.bytes {
			return finishGraph(fg.flat, fg.starts, fg.names, fg.seenNames, nil, acyclic)
		}
		r = bytes.NewReader(data)
	}
	return parseGraphTokens(r, lim, acyclic)
}

// inputSize returns the size of r's input when r knows it.
func inputSize(r io.Reader) (int64, bool) {
	switch v := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if st, err := v.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size(), true
		}
	case interface{ Len() int }: // bytes.Reader, strings.Reader: the unread part
		return int64(v.Len()), true
	}
	return 0, false
}

// parseGraphTokens reads a game graph token by token.
func parseGraphTokens(r io.Reader, lim graphLimits, acyclic bool) (*Graph, error) {
	cr := &graphReader{r: r, limit: lim.bytes}
	dec := json.NewDecoder(cr)
	dec.UseNumber()
	p := &graphParser{dec: dec, cr: cr, lim: lim}

	t, err := p.rawToken()
	if err == io.EOF && p.cr.n <= p.lim.bytes {
		return nil, errors.New(`empty input, want {"options": [[...], ...]}`)
	}
	if err != nil {
		return nil, p.jsonError(err)
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, p.fail(`want an object {"options": [...]}, got %s`, describeToken(t))
	}
	var (
		flat      []int // the options of all positions, one after the other
		starts    []int // flat[starts[i]:starts[i+1]] are the options of position i
		names     []string
		huge      *hugeGraphOption
		seenOpts  bool
		seenNames bool
	)
	for {
		t, err := p.token()
		if err != nil {
			return nil, err
		}
		if d, ok := t.(json.Delim); ok && d == '}' {
			break
		}
		key := t.(string) // the decoder returns only strings as object keys
		switch key {
		case "options":
			if seenOpts {
				return nil, p.fail(`"options" appears twice`)
			}
			seenOpts = true
			flat, starts, huge, err = p.options()
		case "names":
			if seenNames {
				return nil, p.fail(`"names" appears twice`)
			}
			seenNames = true
			names, err = p.names()
		default:
			var v json.Token
			if v, err = p.token(); err == nil {
				err = p.skip(v)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if t, err := p.rawToken(); err != io.EOF {
		if err != nil {
			return nil, p.jsonError(err)
		}
		return nil, p.fail("%s after the graph object, want the end of input", describeToken(t))
	}
	if p.cr.n > p.lim.bytes {
		return nil, p.jsonError(io.EOF)
	}
	if !seenOpts {
		return nil, errors.New(`missing "options": want {"options": [[...], ...]}`)
	}
	return finishGraph(flat, starts, names, seenNames, huge, acyclic)
}

// finishGraph makes the graph of the options read, after checking the
// names, the range of every option and, when acyclic, that there is no
// cycle.
func finishGraph(flat, starts []int, names []string, seenNames bool, huge *hugeGraphOption, acyclic bool) (*Graph, error) {
	n := len(starts) - 1
	if n == 0 {
		return nil, errors.New(`"options" is empty: a graph needs at least one position`)
	}

	g := &Graph{Opts: make([][]int, n)}
	for i := range n {
		g.Opts[i] = flat[starts[i]:starts[i+1]:starts[i+1]]
	}
	if seenNames && names != nil {
		if err := checkNames(names, n); err != nil {
			return nil, err
		}
		g.Names = names
	}
	for i, opts := range g.Opts {
		for j, q := range opts {
			if q < 0 || q >= n {
				text := strconv.Itoa(q)
				if huge != nil && huge.pos == i && huge.idx == j {
					text = huge.text
				}
				return nil, fmt.Errorf("%s: option %s out of range 0..%d", g.label(i), text, n-1)
			}
		}
	}
	if !acyclic {
		return g, nil
	}
	if _, err := TopologicalOrder(g); err != nil {
		return nil, err
	}
	return g, nil
}

// options reads the value of "options": an array of arrays of integers.
func (p *graphParser) options() (flat, starts []int, huge *hugeGraphOption, err error) {
	t, err := p.token()
	if err != nil {
		return nil, nil, nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return nil, nil, nil, p.fail(`"options" must be an array of arrays of options, got %s`, describeToken(t))
	}
	starts = []int{0}
	flat = []int{} // so that positions with no option get empty, not nil, slices
	for {
		t, err := p.token()
		if err != nil {
			return nil, nil, nil, err
		}
		if d, ok := t.(json.Delim); ok && d == ']' {
			return flat, starts, huge, nil
		}
		pos := len(starts) - 1
		if pos >= p.lim.positions {
			return nil, nil, nil, p.fail("more than %d positions", p.lim.positions)
		}
		if d, ok := t.(json.Delim); !ok || d != '[' {
			return nil, nil, nil, p.fail("position %d: want an array of options, got %s", pos, describeToken(t))
		}
		for idx := 0; ; idx++ {
			t, err := p.token()
			if err != nil {
				return nil, nil, nil, err
			}
			if d, ok := t.(json.Delim); ok && d == ']' {
				break
			}
			num, ok := t.(json.Number)
			if !ok {
				return nil, nil, nil, p.fail("position %d: option %d is %s, want a position number", pos, idx, describeToken(t))
			}
			q, err := strconv.ParseInt(string(num), 10, 0)
			if err != nil {
				if !errors.Is(err, strconv.ErrRange) {
					return nil, nil, nil, p.fail("position %d: option %s is not an integer", pos, clipText(string(num)))
				}
				// Out of range whatever the number of positions; reported
				// with the others once that number is known.
				if huge == nil {
					huge = &hugeGraphOption{pos, idx, clipText(string(num))}
				}
				q = -1
			}
			if len(flat) >= p.lim.options {
				return nil, nil, nil, p.fail("more than %d options in all", p.lim.options)
			}
			flat = append(flat, int(q))
		}
		starts = append(starts, len(flat))
	}
}

// names reads the value of "names": an array of strings, or null.
func (p *graphParser) names() ([]string, error) {
	t, err := p.token()
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, nil
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return nil, p.fail(`"names" must be an array of strings, got %s`, describeToken(t))
	}
	names := []string{}
	for {
		t, err := p.token()
		if err != nil {
			return nil, err
		}
		if d, ok := t.(json.Delim); ok && d == ']' {
			return names, nil
		}
		if len(names) >= p.lim.positions {
			return nil, p.fail("more than %d names", p.lim.positions)
		}
		s, ok := t.(string)
		if !ok {
			return nil, p.fail("name of position %d is %s, want a string", len(names), describeToken(t))
		}
		names = append(names, s)
	}
}

// checkNames checks that names names n positions, each with a distinct,
// non-empty, printable name that cannot be mistaken for another position's
// index. The first name in order that fails says why.
func checkNames(names []string, n int) error {
	if len(names) != n {
		return fmt.Errorf(`"names" has %d names for %d positions`, len(names), n)
	}
	dup, first := firstRepeat(names)
	for i, s := range names {
		if err := checkName(s, i); err != nil {
			return err
		}
		if i == dup {
			return fmt.Errorf("positions %d and %d have the same name %q", first, i, clipText(s))
		}
	}
	return nil
}

// checkName checks the name s of position i on its own: not empty, all
// printable, and not the index of another position.
func checkName(s string, i int) error {
	if s == "" {
		return fmt.Errorf("name of position %d is empty", i)
	}
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) }) >= 0 || !utf8.ValidString(s) {
		return fmt.Errorf("name of position %d, %s, has a non-printing character", i, strconv.Quote(clipText(s)))
	}
	if isDecimalIndex(s) && s != strconv.Itoa(i) {
		return fmt.Errorf("name of position %d, %q, is the number of another position", i, clipText(s))
	}
	return nil
}

// firstRepeat returns the least i such that names[i] is the name of an
// earlier position, and the first of those; -1 when the names are
// distinct. It sorts the names' hashes instead of filling a map of them:
// a million names take a third of the time.
func firstRepeat(names []string) (i, first int) {
	type hashed struct {
		h uint64
		i int32
	}
	seed := maphash.MakeSeed()
	hs := make([]hashed, len(names))
	for i, s := range names {
		hs[i] = hashed{maphash.String(seed, s), int32(i)}
	}
	// Sorted by hash, then index: equal names are next to each other, in
	// order of index.
	slices.SortFunc(hs, func(a, b hashed) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	i, first = -1, -1
	for k := 0; k < len(hs); {
		end := k + 1
		for end < len(hs) && hs[end].h == hs[k].h {
			end++
		}
		// hs[k:end] share a hash: find, for each, an earlier equal name.
		for x := k + 1; x < end; x++ {
			for y := k; y < x; y++ {
				if names[hs[y].i] == names[hs[x].i] {
					if i < 0 || int(hs[x].i) < i {
						i, first = int(hs[x].i), int(hs[y].i)
					}
					break
				}
			}
		}
		k = end
	}
	return i, first
}

// isDecimalIndex reports whether s is a non-negative decimal integer (digits
// only).
func isDecimalIndex(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Name returns the name of position p, or its index when g has no names.
func (g *Graph) Name(p int) string {
	if p >= 0 && p < len(g.Names) && g.Names[p] != "" {
		return g.Names[p]
	}
	return strconv.Itoa(p)
}

// label names position p in an error: "position 3 (kayles-3)", or
// "position 3" when g has no names.
func (g *Graph) label(p int) string {
	if p >= 0 && p < len(g.Names) && g.Names[p] != "" {
		return fmt.Sprintf("position %d (%s)", p, clipText(g.Names[p]))
	}
	return fmt.Sprintf("position %d", p)
}

// Position resolves a component given as a position's name or its decimal
// index ("7" or "kayles-3").
func (g *Graph) Position(s string) (int, error) {
	for i, name := range g.Names {
		if name == s {
			return i, nil
		}
	}
	n := len(g.Opts)
	if isDecimalIndex(s) {
		i, err := strconv.Atoi(s)
		if err != nil || i >= n {
			return 0, fmt.Errorf("position %s out of range 0..%d", clipText(s), n-1)
		}
		return i, nil
	}
	if len(g.Names) == 0 {
		return 0, fmt.Errorf("unknown position %q: the graph has no names, want an index 0..%d", clipText(s), n-1)
	}
	return 0, fmt.Errorf("unknown position %q: no position has that name, and it is not an index 0..%d", clipText(s), n-1)
}

// clipText shortens s for an error message.
func clipText(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// singleLine replaces line breaks in s with spaces.
func singleLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
