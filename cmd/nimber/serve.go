package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"nimber/registry"
	"nimber/store"
	"nimber/web"
)

// shutdownTimeout bounds how long serve waits for the requests in flight
// when it stops.
const shutdownTimeout = 15 * time.Second

func newServeCmd() *cobra.Command {
	var addr, maxMemory, db string
	var rulesFiles, allowHosts []string
	var maxSteps stepsFlag
	var opts web.Options
	cmd := &cobra.Command{
		Use:   "serve [--addr HOST:PORT]",
		Short: "Serve the web front end and its JSON API",
		Long: `serve starts a web server: pages to solve the official problems, play every
game against the engine (your own too: --rules FILE), look at invariant tables
and nim-sequences, and decide compounds, over a JSON API (docs/api.md). It listens on the loopback
interface unless --addr says otherwise; any other address prints a warning, as
anyone who can reach it can use the machine's CPU and memory. Every
computation runs under --timeout, at most --max-concurrent at once. Ctrl-C
(SIGINT) or SIGTERM stops it gracefully: it waits for the requests in flight.

It answers only requests whose Host is the listening address, a loopback name
or address, or a --allow-host name (others get 421, which stops DNS-rebinding
pages), and refuses API calls sent by other sites' pages (403).`,
		Example: `  nimber serve
  nimber serve --addr 127.0.0.1:9000 --timeout 30s
  nimber serve --rules examples/rules/kayles.star`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			stderr := cmd.ErrOrStderr()
			if maxMemory != "" {
				n, err := parseBytes(maxMemory)
				if err != nil {
					return fmt.Errorf("--max-memory: %w", err)
				}
				opts.MaxMemory = n
			} else {
				opts.MaxMemory = defaultServeMemory(opts.MaxConcurrent)
			}
			if opts.Timeout < 0 || opts.MaxConcurrent < 0 || opts.MaxBodies < 0 || opts.BodyTimeout < 0 {
				return fmt.Errorf("--timeout, --max-concurrent, --max-bodies and --body-timeout must not be negative")
			}
			if maxSteps != 0 && len(rulesFiles) == 0 {
				return fmt.Errorf("--max-steps bounds the code of a rules file: give --rules FILE too")
			}
			for _, path := range rulesFiles {
				_, e, err := registry.LoadRulesLimited(path, uint64(maxSteps), environment().Limit)
				if err != nil {
					return stepsHint(err)
				}
				opts.Rules = append(opts.Rules, e)
			}
			opts.Hosts = append([]string{"localhost"}, allowHosts...)
			if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
				if ip := net.ParseIP(host); ip == nil || !ip.IsUnspecified() {
					opts.Hosts = append(opts.Hosts, host)
				}
			}
			st, err := censusStore(cmd.Context(), db)
			if err != nil {
				return err
			}
			if st != nil {
				defer st.Close()
				opts.Census = st
			}
			opts.Logger = slog.New(slog.NewTextHandler(stderr, nil))
			return serve(cmd.Context(), addr, opts, stderr)
		},
	}
	f := cmd.Flags()
	f.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on, HOST:PORT (port 0: any free port)")
	f.DurationVar(&opts.Timeout, "timeout", web.DefaultTimeout, "time limit of each computation")
	f.IntVar(&opts.MaxConcurrent, "max-concurrent", 0, "computations running at once (default 2 x the cores)")
	f.IntVar(&opts.MaxBodies, "max-bodies", 0, "requests that read or hold a request body at once (default 2 x --max-concurrent)")
	f.DurationVar(&opts.BodyTimeout, "body-timeout", web.DefaultBodyTimeout, "time a client has to send a request body once it holds a slot")
	f.StringVar(&maxMemory, "max-memory", "", "refuse boards whose memory estimate exceeds this, e.g. 512MiB (default 256MiB)")
	f.StringArrayVar(&allowHosts, "allow-host", nil, "a `HOST` name the server answers to besides the listening address and loopback names (repeat for more)")
	f.StringArrayVar(&rulesFiles, "rules", nil, "a rules `FILE` (Starlark) whose game to serve too, by its name (repeat for more)")
	registerMaxSteps(f, &maxSteps)
	f.StringVar(&db, "db", "", "the census database of the census page (default: nimber census's, when there is one)")
	return cmd
}

// defaultServeMemory is the default --max-memory of serve: web's default,
// cut so that concurrent computations (0: serve's default number) at that
// estimate fit together in the memory the environment allows.
func defaultServeMemory(concurrent int) int64 {
	if concurrent <= 0 {
		concurrent = 2 * runtime.GOMAXPROCS(0)
	}
	return min(web.DefaultMaxMemory, max(environment().Limit/int64(concurrent), 1))
}

// censusStore opens the census database of serve: db, or the default one
// when it exists (nil when it does not).
func censusStore(ctx context.Context, db string) (*store.Store, error) {
	if db == "" {
		path, err := store.DefaultPath()
		if err != nil {
			return nil, nil
		}
		if _, err := os.Stat(path); err != nil {
			return nil, nil
		}
		db = path
	} else if _, err := os.Stat(db); err != nil {
		return nil, fmt.Errorf("--db: %w (run nimber census --db %s first)", err, db)
	}
	return store.Open(ctx, db)
}

// serve listens on addr and serves until ctx is done, then shuts down
// gracefully.
func serve(ctx context.Context, addr string, opts web.Options, stderr io.Writer) error {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	handler, err := web.New(opts)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if !isLoopback(addr) {
		fmt.Fprintf(stderr, "nimber: warning: %s is not a loopback address: anyone who can reach it can use this server\n", addr)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = web.DefaultTimeout
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		// A body is at most 1 MiB: a request that has not sent it within
		// seconds (a Content-Length larger than the body) is dropped.
		ReadTimeout: 10 * time.Second,
		// Waiting for a slot, computing, and writing the answer.
		WriteTimeout:   web.DefaultQueueWait + timeout + time.Minute,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stderr, "nimber: serving on http://%s/\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintln(stderr, "nimber: shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
		return fmt.Errorf("shutdown: requests still running after %v: %w", shutdownTimeout, err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// isLoopback reports whether addr listens on the loopback interface only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
