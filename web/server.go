// Package web is the HTTP server of "nimber serve": a JSON API over the
// library (the official problems, play, invariant tables, nim-sequences,
// compounds and values of partizan games), the pages of the front end, and their assets.
//
// Every answer of the API is JSON. An error is a status of 4xx or 5xx and
// the object {"error": "one line"}. Each computation runs under a deadline
// derived from the request's context, so that it stops when the client goes
// away, and passes through a semaphore that bounds how many run at once.
// docs/api.md documents every endpoint.
package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"nimber/cgt/loopy"
	"nimber/problems"
	"nimber/registry"
	"nimber/store"
)

// Defaults of Options.
const (
	DefaultTimeout   = 10 * time.Second
	DefaultQueueWait = 5 * time.Second
	DefaultMaxBody   = 1 << 20 // bytes
	// DefaultBodyTimeout bounds the time a client takes to send its body.
	DefaultBodyTimeout = 10 * time.Second
	DefaultMaxMemory   = 256 << 20 // bytes
	DefaultMaxSide     = 1000      // rows and columns
	// DefaultMisereBudget bounds the positions of a misère search.
	DefaultMisereBudget = 1_000_000
	// DefaultSearchNodes bounds the positions that the searches of who
	// wins of one partizan analysis take together: at the 1 to 5 million
	// positions a second of Domineering's search on one core, more than
	// the time limit allows.
	DefaultSearchNodes = 50_000_000
)

// Options configure a Server. The zero value of a field means its default.
type Options struct {
	// Timeout bounds each computation (default DefaultTimeout). A
	// computation that runs out of time gets 504 Gateway Timeout.
	Timeout time.Duration
	// MaxConcurrent bounds the computations that run at once (default
	// 2*GOMAXPROCS).
	MaxConcurrent int
	// QueueWait bounds how long a request waits for a computation slot
	// (default DefaultQueueWait); after that it gets 503 Service
	// Unavailable with Retry-After.
	QueueWait time.Duration
	// MaxBody bounds request bodies in bytes (default DefaultMaxBody); a
	// larger body gets 413, at once when its Content-Length says so.
	MaxBody int64
	// MaxBodies bounds the requests that read or hold a body at once
	// (default 2*MaxConcurrent). A request takes one of these slots before
	// it reads the first byte of its body and keeps it until it is
	// answered, so that bodies hold at most about 2*MaxBody each of
	// memory, MaxBodies times, however many arrive; a request that waits
	// QueueWait without a slot gets 503 Service Unavailable with
	// Retry-After.
	MaxBodies int
	// BodyTimeout bounds the time a client takes to send its body once it
	// holds a slot (default DefaultBodyTimeout), on a connection that
	// supports read deadlines (http.ResponseController); a slower one gets
	// 408 Request Timeout and its connection is closed.
	BodyTimeout time.Duration
	// MaxMemory refuses boards whose memory estimate exceeds it, in bytes
	// (default DefaultMaxMemory), with 400.
	MaxMemory int64
	// MaxSide bounds the rows and columns of a problem's board, on top of
	// the problem's own limits (default DefaultMaxSide).
	MaxSide int
	// Logger receives panics and server errors (default slog.Default()).
	Logger *slog.Logger
	// Rules are users' games from rules files (registry.LoadRules), served
	// by name beside the registry's.
	Rules []*registry.Entry
	// Hosts, when not empty, are the names a request's Host may give
	// besides loopback names and addresses (localhost, 127.0.0.1, [::1]);
	// any other Host gets 421, which stops DNS-rebinding pages. nimber
	// serve gives the listening host and --allow-host.
	Hosts []string
	// MisereBudget bounds the positions of a misère search of POST
	// /api/misere (default DefaultMisereBudget, about 100 bytes each).
	MisereBudget int
	// SearchNodes bounds the positions that the searches of who wins of
	// one POST /api/partizan take together, where the value is out of
	// reach (default DefaultSearchNodes).
	SearchNodes int64
	// Census, when set, is the census database of GET /api/census and the
	// census page.
	Census *store.Store
}

// withDefaults fills the zero fields of o.
func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 2 * runtime.GOMAXPROCS(0)
	}
	if o.QueueWait <= 0 {
		o.QueueWait = DefaultQueueWait
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.MaxBodies <= 0 {
		o.MaxBodies = 2 * o.MaxConcurrent
	}
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = DefaultBodyTimeout
	}
	if o.MaxMemory <= 0 {
		o.MaxMemory = DefaultMaxMemory
	}
	if o.MaxSide <= 0 {
		o.MaxSide = DefaultMaxSide
	}
	if o.MisereBudget <= 0 {
		o.MisereBudget = DefaultMisereBudget
	}
	if o.SearchNodes <= 0 {
		o.SearchNodes = DefaultSearchNodes
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Server serves the API, the pages and the assets. Build it with New; it
// is an http.Handler, safe for concurrent use.
type Server struct {
	opts   Options
	mux    *http.ServeMux
	slots  chan struct{} // the semaphore of computations
	bodies chan struct{} // the semaphore of requests reading or holding a body
	// bodyBytes is what the buffers of the bodies of the requests in
	// flight have allocated, and bodyPeak its largest value: the tests'
	// measure of the memory that bodies take.
	bodyBytes, bodyPeak atomic.Int64
	trimming            atomic.Bool // a trim is scheduled
	files               map[string]*asset
	cross               *http.CrossOriginProtection
	problems            []problemInfo
	games               []registry.Info
	log                 *slog.Logger
	// quotients keeps the misère quotients of heap games computed.
	quotients quotientCache
}

// New returns a server with the options o (zero fields take their
// defaults).
func New(o Options) (*Server, error) {
	o = o.withDefaults()
	s := &Server{
		opts:   o,
		mux:    http.NewServeMux(),
		slots:  make(chan struct{}, o.MaxConcurrent),
		bodies: make(chan struct{}, o.MaxBodies),
		log:    o.Logger,
		cross:  newCrossOrigin(),
	}
	var err error
	if s.files, err = loadAssets(); err != nil {
		return nil, err
	}
	s.problems = s.problemList()
	s.games = s.gameList()
	s.routes()
	return s, nil
}

// routes registers every endpoint.
func (s *Server) routes() {
	s.api("GET /api/games", s.handleList(s.games))
	s.api("GET /api/problems", s.handleList(s.problems))
	s.api("POST /api/solve/{problem}", s.handleSolve)
	s.api("POST /api/analyze/{problem}", s.handleAnalyze)
	s.api("POST /api/play/{game}", s.handlePlay)
	s.api("POST /api/moves/{game}", s.handleMoves)
	s.api("GET /api/table/{game}", s.handleTable)
	s.api("GET /api/records/{game}", s.handleRecords)
	s.api("GET /api/sequence", s.handleSequence)
	s.api("POST /api/compound", s.handleCompound)
	s.api("GET /api/census", s.handleCensus)
	s.api("POST /api/misere/{code}", s.handleMisere)
	s.api("POST /api/value", s.handleValue)
	s.api("POST /api/partizan/{game}", s.handlePartizan)
	s.api("POST /api/field", s.handleField)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no endpoint %s (see docs/api.md)", r.URL.Path))
	})
	s.pages()
}

// api registers h for pattern ("METHOD /path"), and a handler answering
// 405 with an Allow header and a JSON error for the other methods.
func (s *Server) api(pattern string, h http.HandlerFunc) {
	method, path, _ := strings.Cut(pattern, " ")
	if method == http.MethodPost {
		h = s.withBody(h)
	}
	s.mux.HandleFunc(pattern, h)
	allow := method
	if method == http.MethodGet {
		allow = "GET, HEAD"
	}
	s.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed on %s: use %s", r.Method, r.URL.Path, method))
	})
}

// contentSecurityPolicy allows the page's own scripts, styles and images
// only: no inline code, no other origin, no framing. Images may also be
// blob: URLs, which the pages make to turn an SVG into a PNG download.
const contentSecurityPolicy = "default-src 'self'; img-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

// ServeHTTP implements http.Handler: security headers, then the routes,
// with panics turned into 500 Internal Server Error and logged.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	rec := &recorder{ResponseWriter: w}
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v == http.ErrAbortHandler {
			panic(v)
		}
		s.log.Error("panic serving request: this is a bug", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
		if !rec.wrote {
			for _, k := range []string{"Content-Length", "Content-Encoding", "ETag", "Last-Modified", "Cache-Control"} {
				h.Del(k)
			}
			writeError(rec, http.StatusInternalServerError, "internal error")
		}
	}()
	if !hostAllowed(s.opts.Hosts, r) {
		writeError(rec, http.StatusMisdirectedRequest, "host "+strconv.Quote(r.Host)+" is not this server's: start nimber serve with --allow-host to add it")
		return
	}
	s.cross.Handler(s.mux).ServeHTTP(rec, r)
}

// recorder remembers whether the response has started.
type recorder struct {
	http.ResponseWriter
	wrote bool
}

func (r *recorder) WriteHeader(code int) {
	r.wrote = true
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// apiError is an answer other than 200: a status and a one-line message.
type apiError struct {
	status     int
	msg        string
	retryAfter int // seconds; 0: no Retry-After header
}

func (e *apiError) Error() string { return e.msg }

// errorf returns an *apiError with the status and a formatted message.
func errorf(status int, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...)}
}

// badRequest turns a library error into 400 with its message on one line.
func badRequest(err error) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: oneLine(err.Error())}
}

// oneLine flattens a message to a single line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, s)
}

// errorBody is the JSON of every error.
type errorBody struct {
	Error string `json:"error"`
}

// writeJSON writes v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		// Only a bug makes a response unencodable.
		status = http.StatusInternalServerError
		data, _ = json.Marshal(errorBody{"internal error"})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(data)+1))
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// writeError writes {"error": msg} with the status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: oneLine(msg)})
}

// fail answers with err: an *apiError as it says, anything else as 400.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	ae, ok := errors.AsType[*apiError](err)
	if !ok {
		ae = badRequest(err)
	}
	if ae.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ae.retryAfter))
	}
	if ae.status >= 500 {
		s.log.Warn("request failed", "method", r.Method, "path", r.URL.Path, "status", ae.status, "error", ae.msg)
	}
	writeError(w, ae.status, ae.msg)
}

// bodyUse is what a request's body takes: a slot of the semaphore bodies
// once readBody has taken it, and the bytes of its buffers.
type bodyUse struct {
	slot  bool
	bytes int64
}

// bodyKey is the context key of a request's *bodyUse.
type bodyKey struct{}

// withBody wraps h, a handler of requests with a body, so that the body
// slot and bytes that readBody takes are given back when h returns.
func (s *Server) withBody(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		use := &bodyUse{}
		defer func() {
			if use.slot {
				s.bodyBytes.Add(-use.bytes)
				<-s.bodies
			}
		}()
		h(w, r.WithContext(context.WithValue(r.Context(), bodyKey{}, use)))
	}
}

// readBody reads the request body, refusing more than MaxBody bytes with
// 413 (before reading anything when the Content-Length says so). It first
// takes a body slot, waiting up to QueueWait (else 503 with Retry-After),
// which the request keeps until it is answered; then the client has
// BodyTimeout to send the body (else 408).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	tooLarge := errorf(http.StatusRequestEntityTooLarge, "request body over the limit of %s", problems.FormatBytes(s.opts.MaxBody))
	if r.ContentLength > s.opts.MaxBody {
		return nil, tooLarge
	}
	use, ok := r.Context().Value(bodyKey{}).(*bodyUse)
	if !ok {
		// Only a handler registered without withBody gets here.
		return nil, errorf(http.StatusInternalServerError, "internal error: %s reads a body outside the body slots", r.URL.Path)
	}
	if !use.slot {
		if err := s.acquire(r.Context(), s.bodies, "request-body"); err != nil {
			return nil, err
		}
		use.slot = true
	}
	if r.ContentLength != 0 {
		// Not on a request without a body, whose connection the server
		// already watches for the client going away: a deadline would
		// cancel the request when it passed.
		err := http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.opts.BodyTimeout))
		if err != nil && !errors.Is(err, http.ErrNotSupported) {
			return nil, errorf(http.StatusInternalServerError, "setting the deadline of the request body: %v", err)
		}
	}
	// A buffer of the announced length and one byte more (to see the end
	// without growing), or one that doubles up to MaxBody/2 and then takes
	// MaxBody+1: the buffers of a body allocate at most 2*MaxBody+1 bytes
	// (maxBodyBytes), counted in use.bytes.
	size := int64(4 << 10)
	if r.ContentLength >= 0 {
		size = r.ContentLength + 1
	}
	size = min(size, s.opts.MaxBody+1)
	buf := s.bodyBuffer(use, nil, size)
	body := http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
	for {
		if len(buf) == cap(buf) {
			next := 2 * int64(cap(buf))
			if next > s.opts.MaxBody/2 {
				next = s.opts.MaxBody + 1
			}
			buf = s.bodyBuffer(use, buf, next)
		}
		n, err := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case err == io.EOF:
			return buf, nil
		case err == nil:
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, errorf(http.StatusRequestTimeout, "request body not received within %v", s.opts.BodyTimeout)
		}
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return nil, tooLarge
		}
		return nil, errorf(http.StatusBadRequest, "reading the request body: %v", err)
	}
}

// bodyBuffer returns a buffer of capacity size with the bytes of buf,
// counting its bytes in use and in the server's bodyBytes and bodyPeak.
func (s *Server) bodyBuffer(use *bodyUse, buf []byte, size int64) []byte {
	use.bytes += size
	now := s.bodyBytes.Add(size)
	for {
		peak := s.bodyPeak.Load()
		if now <= peak || s.bodyPeak.CompareAndSwap(peak, now) {
			break
		}
	}
	return append(make([]byte, 0, size), buf...)
}

// readJSON reads a request that takes no query parameters and a JSON body
// into v.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if _, err := query(r); err != nil {
		return err
	}
	body, err := s.readBody(w, r)
	if err != nil {
		return err
	}
	return decodeJSON(body, v)
}

// readRequest reads r's JSON body (readJSON) into a T; when it cannot, it
// answers the error itself and ok is false, and the handler returns.
func readRequest[T any](s *Server, w http.ResponseWriter, r *http.Request) (req T, ok bool) {
	if err := s.readJSON(w, r, &req); err != nil {
		s.fail(w, r, err)
		return req, false
	}
	return req, true
}

// acquire takes a slot of the semaphore slots (whose slots are called
// what), waiting up to QueueWait; the error is 503 with Retry-After when
// none frees in time.
func (s *Server) acquire(ctx context.Context, slots chan struct{}, what string) error {
	select {
	case slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(s.opts.QueueWait)
	defer t.Stop()
	select {
	case slots <- struct{}{}:
		return nil
	case <-t.C:
		return &apiError{
			status:     http.StatusServiceUnavailable,
			msg:        fmt.Sprintf("server busy: all %d %s slots stayed taken for %v; retry later", cap(slots), what, s.opts.QueueWait),
			retryAfter: max(1, int(math.Ceil(s.opts.QueueWait.Seconds()))),
		}
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) release() {
	<-s.slots
	if len(s.slots) == 0 && s.trimming.CompareAndSwap(false, true) {
		time.AfterFunc(idleTrimDelay, s.trim)
	}
}

// idleTrimDelay is how long the server waits, once no computation runs,
// before it hands the memory of the last ones back to the system.
const idleTrimDelay = time.Second

// trim returns the heap's free memory to the system when no computation
// runs: Go's runtime gives it back only gradually, so after a burst of
// large requests the process would keep its peak resident for minutes.
func (s *Server) trim() {
	defer s.trimming.Store(false)
	if len(s.slots) == 0 {
		debug.FreeOSMemory()
	}
}

// compute runs fn in a computation slot, under a deadline of Timeout
// derived from the request's context, and writes its result as JSON with
// 200, or its error.
func (s *Server) compute(w http.ResponseWriter, r *http.Request, fn func(ctx context.Context) (any, error)) {
	if err := s.acquire(r.Context(), s.slots, "computation"); err != nil {
		s.computeFailed(w, r, r.Context(), err)
		return
	}
	defer s.release()
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	v, err := fn(ctx)
	if err != nil {
		s.computeFailed(w, r, ctx, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// computeAside is compute for a computation that cannot be stopped at
// once when its context ends (a cgt.Calc in the middle of an operation):
// fn runs aside in a computation slot, and when the deadline passes the
// request gets 504 at once while fn keeps its slot until it returns (its
// context done, or its own memory and work limits), so that no more than
// MaxConcurrent computations ever run. what names the work in the log of a
// panic, which is answered 500.
func (s *Server) computeAside(w http.ResponseWriter, r *http.Request, what string, fn func(ctx context.Context) (any, error)) {
	if err := s.acquire(r.Context(), s.slots, "computation"); err != nil {
		s.computeFailed(w, r, r.Context(), err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	// A slot is one core: a loopy value runs on this goroutine alone (so
	// the recover below also covers it).
	ctx = loopy.WithWorkers(ctx, 1)
	type answer struct {
		v   any
		err error
	}
	done := make(chan answer, 1)
	go func() {
		defer s.release()
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("panic computing "+what+": this is a bug", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				done <- answer{err: errorf(http.StatusInternalServerError, "internal error")}
			}
		}()
		v, err := fn(ctx)
		done <- answer{v, err}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			s.computeFailed(w, r, ctx, a.err)
			return
		}
		writeJSON(w, http.StatusOK, a.v)
	case <-ctx.Done():
		s.computeFailed(w, r, ctx, ctx.Err())
	}
}

// computeFailed answers the error of a computation whose context was ctx.
func (s *Server) computeFailed(w http.ResponseWriter, r *http.Request, ctx context.Context, err error) {
	switch {
	case r.Context().Err() != nil:
		// The client went away: nobody reads the answer.
		writeError(w, http.StatusServiceUnavailable, "request cancelled")
	case ctx.Err() != nil:
		s.fail(w, r, errorf(http.StatusGatewayTimeout, "the computation exceeded the time limit of %v; try a smaller input", s.opts.Timeout))
	default:
		s.fail(w, r, err)
	}
}

// query reads the query parameters, refusing names not in known and
// repeated ones.
func query(r *http.Request, known ...string) (map[string]string, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "query: %v (encode ';' as %%3B)", err)
	}
	out := make(map[string]string, len(q))
	for k, v := range q {
		if !slices.Contains(known, k) {
			return nil, errorf(http.StatusBadRequest, "unknown query parameter %q (known: %s)", k, strings.Join(known, ", "))
		}
		if len(v) > 1 {
			return nil, errorf(http.StatusBadRequest, "query parameter %q given %d times", k, len(v))
		}
		out[k] = v[0]
	}
	return out, nil
}

// intParam reads the integer parameter name of q in lo..hi, def when
// absent.
func intParam(q map[string]string, name string, def, lo, hi int) (int, error) {
	v, ok := q[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		return 0, errorf(http.StatusBadRequest, "%s=%q is not an integer in %d..%d", name, v, lo, hi)
	}
	return n, nil
}
