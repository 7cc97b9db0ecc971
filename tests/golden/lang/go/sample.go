// Package ratelimit implements token-bucket rate limiting for HTTP handlers.
//
// A Limiter hands out tokens per client key; buckets that have been idle for
// longer than the eviction window are dropped by a background sweeper.
package ratelimit

import "errors"

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	_ "embed"
	log "log/slog"
	. "math"
)

// DefaultRate is the number of tokens added per second when none is configured.
const DefaultRate = 10

// Limits applied when a Config leaves a field at zero.
const (
	DefaultBurst          = 20
	DefaultEvictAfter     = 5 * time.Minute
	headerRetryAfter      = "Retry-After"
	minRefill         int = 1
)

// ErrClosed is returned by Allow after Close.
var ErrClosed = errors.New("ratelimit: limiter closed")

var (
	defaultLimiter *Limiter
	limiterMu      sync.Mutex
)

// Policy selects what happens when a bucket is empty.
type Policy int

// The policies a Limiter supports.
const (
	Reject Policy = iota
	Delay
	Shadow
)

// String returns the policy's name.
func (p Policy) String() string {
	switch p {
	case Reject:
		return "reject"
	case Delay:
		return "delay"
	case Shadow:
		return "shadow"
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// KeyFunc extracts the client key of a request.
type KeyFunc func(*http.Request) string

// Clock abstracts time for tests.
type Clock interface {
	Now() time.Time
	Sleep(ctx context.Context, d time.Duration) error
}

// Store persists buckets; the default keeps them in memory.
type Store interface {
	Clock
	Load(key string) (*bucket, bool)
	Save(key string, b *bucket)
	Delete(key string)
}

// Duration is an alias kept for older callers.
type Duration = time.Duration

// Config configures a Limiter.
type Config struct {
	Rate       float64
	Burst      int
	Policy     Policy
	EvictAfter time.Duration
	Key        KeyFunc
	Clock      Clock
}

type (
	bucket struct {
		tokens float64
		last   time.Time
	}

	memoryStore struct {
		mu      sync.Mutex
		buckets map[string]*bucket
	}

	realClock struct{}
)

// Pair holds two values of the same type.
type Pair[T any] struct {
	First, Second T
}

// Number is the constraint of Max.
type Number interface {
	~int | ~int64 | ~float64
}

// Limiter enforces a Config.
type Limiter struct {
	cfg    Config
	store  Store
	closed chan struct{}
	once   sync.Once
}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func newMemoryStore() *memoryStore {
	return &memoryStore{buckets: make(map[string]*bucket)}
}

func (m *memoryStore) Now() time.Time { return time.Now() }

func (m *memoryStore) Sleep(ctx context.Context, d time.Duration) error {
	return realClock{}.Sleep(ctx, d)
}

func (m *memoryStore) Load(key string) (*bucket, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.buckets[key]
	return b, ok
}

func (m *memoryStore) Save(key string, b *bucket) {
	m.mu.Lock()
	m.buckets[key] = b
	m.mu.Unlock()
}

func (m *memoryStore) Delete(key string) {
	m.mu.Lock()
	delete(m.buckets, key)
	m.mu.Unlock()
}

// New returns a Limiter for cfg, filling in defaults.
func New(cfg Config) *Limiter {
	if cfg.Rate <= 0 {
		cfg.Rate = DefaultRate
	}
	if cfg.Burst <= 0 {
		cfg.Burst = DefaultBurst
	}
	if cfg.EvictAfter <= 0 {
		cfg.EvictAfter = DefaultEvictAfter
	}
	if cfg.Key == nil {
		cfg.Key = func(r *http.Request) string { return r.RemoteAddr }
	}
	l := &Limiter{cfg: cfg, store: newMemoryStore(), closed: make(chan struct{})}
	if cfg.Clock == nil {
		l.cfg.Clock = realClock{}
	}
	go l.sweep()
	return l
}

// Default returns the process-wide limiter, creating it on first use.
func Default() *Limiter {
	limiterMu.Lock()
	defer limiterMu.Unlock()
	if defaultLimiter == nil {
		defaultLimiter = New(Config{})
	}
	return defaultLimiter
}

// Allow reports whether a request from key may proceed now.
func (l *Limiter) Allow(ctx context.Context, key string) (bool, error) {
	select {
	case <-l.closed:
		return false, ErrClosed
	default:
	}
	now := l.cfg.Clock.Now()
	b, ok := l.store.Load(key)
	if !ok {
		b = &bucket{tokens: float64(l.cfg.Burst), last: now}
	}
	b.refill(now, l.cfg.Rate, l.cfg.Burst)
	if b.tokens >= 1 {
		b.tokens--
		l.store.Save(key, b)
		return true, nil
	}
	l.store.Save(key, b)
	switch l.cfg.Policy {
	case Delay:
		wait := time.Duration((1 - b.tokens) / l.cfg.Rate * float64(time.Second))
		if err := l.cfg.Clock.Sleep(ctx, wait); err != nil {
			return false, err
		}
		return true, nil
	case Shadow:
		log.Info("ratelimit: would reject", "key", key)
		return true, nil
	default:
		return false, nil
	}
}

func (b *bucket) refill(now time.Time, rate float64, burst int) {
	elapsed := now.Sub(b.last).Seconds()
	b.tokens = Min(float64(burst), b.tokens+elapsed*rate)
	b.last = now
}

// Middleware wraps next so that rejected requests get 429 Too Many Requests.
func (l *Limiter) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok, err := l.Allow(r.Context(), l.cfg.Key(r))
		if err != nil || !ok {
			w.Header().Set(headerRetryAfter, "1")
			http.Error(w, http.StatusText(http.StatusTooManyRequests), http.StatusTooManyRequests)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Close stops the sweeper; later calls to Allow fail with ErrClosed.
func (l *Limiter) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *Limiter) sweep() {
	ticker := time.NewTicker(l.cfg.EvictAfter)
	defer ticker.Stop()
	for {
		select {
		case <-l.closed:
			return
		case <-ticker.C:
			l.evictIdle()
		}
	}
}

func (l *Limiter) evictIdle() {
	ms, ok := l.store.(*memoryStore)
	if !ok {
		return
	}
	cutoff := l.cfg.Clock.Now().Add(-l.cfg.EvictAfter)
	ms.mu.Lock()
	defer ms.mu.Unlock()
	for key, b := range ms.buckets {
		if b.last.Before(cutoff) {
			delete(ms.buckets, key)
		}
	}
}

// Swap returns the pair with its values exchanged.
func (p Pair[T]) Swap() Pair[T] {
	return Pair[T]{First: p.Second, Second: p.First}
}

// Max returns the larger of a and b.
func Max[T Number](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func init() {
	_ = Max(1, 2)
}
