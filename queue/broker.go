package queue

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// BrokerOptions configure StartBroker.
type BrokerOptions struct {
	// Listen is the HOST:PORT the broker accepts clients on (port 0: any
	// free port, see Broker.URL); empty for a broker reached only in
	// process, through Broker.Connect, with no TCP listener at all.
	Listen string
	// StoreDir is JetStream's file store, where queued jobs and stored
	// results survive a restart of the broker; empty for a temporary
	// directory that Close removes.
	StoreDir string
}

// Broker is an embedded NATS server with JetStream and a file store.
type Broker struct {
	srv *server.Server
	tmp string
}

// startTimeout bounds the wait for an embedded server to take clients.
const startTimeout = 10 * time.Second

// StartBroker starts a broker and waits until it takes connections.
func StartBroker(o BrokerOptions) (*Broker, error) {
	b := &Broker{}
	dir := o.StoreDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "nimber-broker-"); err != nil {
			return nil, fmt.Errorf("the broker's store: %w", err)
		}
		b.tmp = dir
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("the broker's store: %w", err)
	}
	opts := &server.Options{
		ServerName: "nimber",
		JetStream:  true,
		StoreDir:   dir,
		NoSigs:     true,
		NoLog:      true,
	}
	if o.Listen == "" {
		opts.DontListen = true
	} else {
		host, port, err := net.SplitHostPort(o.Listen)
		if err != nil {
			b.removeTmp()
			return nil, fmt.Errorf("--listen %q: want HOST:PORT: %v", o.Listen, err)
		}
		if opts.Port, err = strconv.Atoi(port); err != nil || opts.Port < 0 || opts.Port > 65535 {
			b.removeTmp()
			return nil, fmt.Errorf("--listen %q: port %q is not 0..65535", o.Listen, port)
		}
		if opts.Port == 0 {
			opts.Port = server.RANDOM_PORT
		}
		opts.Host = host
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		b.removeTmp()
		return nil, fmt.Errorf("starting the broker: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(startTimeout) {
		srv.Shutdown()
		srv.WaitForShutdown()
		b.removeTmp()
		if o.Listen != "" {
			return nil, fmt.Errorf("the broker did not start within %v (is %s free?)", startTimeout, o.Listen)
		}
		return nil, fmt.Errorf("the broker did not start within %v", startTimeout)
	}
	if !srv.JetStreamEnabled() {
		srv.Shutdown()
		srv.WaitForShutdown()
		b.removeTmp()
		return nil, fmt.Errorf("the broker started without JetStream (is the store %s writable?)", dir)
	}
	b.srv = srv
	return b, nil
}

func (b *Broker) removeTmp() {
	if b.tmp != "" {
		os.RemoveAll(b.tmp)
	}
}

// URL returns the broker's client URL, nats://HOST:PORT with the port it
// listens on, or "" for a broker reached only in process.
func (b *Broker) URL() string {
	if b.srv.Addr() == nil {
		return ""
	}
	return b.srv.ClientURL()
}

// Connect returns a client of the broker, connected in process (no TCP)
// whether or not the broker listens.
func (b *Broker) Connect(o Options) (*Client, error) {
	return connect(o, "the in-process broker", nats.InProcessServer(b.srv))
}

// Close stops the broker, waits until it has stopped and removes its
// temporary store, if it has one. Its clients lose their connection.
func (b *Broker) Close() error {
	b.srv.Shutdown()
	b.srv.WaitForShutdown()
	b.removeTmp()
	return nil
}
