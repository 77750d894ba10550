package storefront

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
)

// pageMemo keeps what a category page derives from the whole catalogue, the active category
// tree and each filter combination's facets and total, under the catalogue's change mark
// (migration 0028: a sequence every statement changing what they are computed from draws
// from). A request reads the mark, one statement of a few microseconds; while it stands, the
// tree and the facets are the ones computed for it, so a category page costs its page of
// products instead of aggregating a subtree of tens of thousands of products. When the mark moves, the next request recomputes; concurrent
// requests for one key wait for a single computation.
//
// The mark is drawn at the writer's statement and again at its commit (migration 0044), so
// what was computed while the change was not yet committed is under a mark the commit leaves
// behind. The commit's draw itself comes an instant before the change is visible: what is
// computed in the first memoSettle after a mark is first seen is kept only until then, and
// computed once more after it. So a page is never older than memoSettle after a commit (the
// cross-process bound docs/storefront.md states, checked by tests/multiproc). maxAge bounds
// anything else to a minute. SQLite (the embedded shop, one small catalogue) has no mark and
// computes every time.
type pageMemo struct {
	db     *gorm.DB
	maxAge time.Duration
	now    func() time.Time
	flight singleflight.Group

	// hits and misses count get's answers for /metrics (a miss computes).
	hits, misses atomic.Uint64

	mu      sync.Mutex
	mark    int64
	since   time.Time            // when the memo was started for this mark
	entries map[string]memoValue // "cats": the tree; "facets:<key>": a facetEntry
}

// memoValue is a memoised answer; early: computed within memoSettle of the mark's start, so
// kept only until then.
type memoValue struct {
	v     any
	early bool
}

type facetEntry struct {
	facets Facets
	total  int64
}

// memoMaxEntries bounds the filter combinations kept for one mark; past it the memo starts over.
const memoMaxEntries = 2000

// memoMaxAge is the longest a memo serves one mark.
const memoMaxAge = time.Minute

// memoLoadTimeout bounds a shared computation no request waits for any more.
const memoLoadTimeout = 30 * time.Second

// memoSettle is how long after a mark is first seen what is computed may still predate the
// commit that drew it (that commit's becoming visible takes a moment).
const memoSettle = 500 * time.Millisecond

func newPageMemo(gdb *gorm.DB) *pageMemo {
	if !db.IsPostgres(gdb) {
		return nil
	}
	return &pageMemo{db: gdb, maxAge: memoMaxAge, now: time.Now, mark: -1}
}

// current reads the catalogue's mark and starts the memo over when it moved (or aged).
func (m *pageMemo) current(ctx context.Context) (int64, error) {
	var mark int64
	if err := m.db.WithContext(ctx).Raw("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM catalog_changes").
		Scan(&mark).Error; err != nil {
		return 0, apperr.Wrap(err, "storefront catalogue mark")
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if mark != m.mark || now.Sub(m.since) >= m.maxAge || len(m.entries) >= memoMaxEntries {
		m.mark, m.since, m.entries = mark, now, map[string]memoValue{}
	}
	return m.mark, nil
}

// categories is the active category tree (ListCategories, ActiveOnly) of this mark. The
// answer is shared: callers must not change its categories.
func (m *pageMemo) categories(ctx context.Context, mark int64, load func(context.Context) ([]*catalog.Category, error)) ([]*catalog.Category, error) {
	v, err := m.get(ctx, mark, "cats", func(ctx context.Context) (any, error) { return load(ctx) })
	if err != nil {
		return nil, err
	}
	return v.([]*catalog.Category), nil
}

// facets are key's facets and total of this mark.
func (m *pageMemo) facets(ctx context.Context, mark int64, key string, load func(context.Context) (Facets, int64, error)) (Facets, int64, error) {
	v, err := m.get(ctx, mark, "facets:"+key, func(ctx context.Context) (any, error) {
		fc, total, err := load(ctx)
		return facetEntry{facets: fc, total: total}, err
	})
	if err != nil {
		return Facets{}, 0, err
	}
	e := v.(facetEntry)
	return e.facets, e.total, nil
}

// get is key's value of this mark: the memo's, or load's (once for all requests asking at the
// same time), kept while the mark stands. The load is shared, so it runs on a context of its
// own (ctx's values, memoLoadTimeout): were it cancelled with the request that started it,
// every request waiting on it would fail with that one, and under load, with clients giving
// up, the same aggregation would start over and over and never be kept. A request that goes
// away stops waiting; the load finishes for the others and the memo.
func (m *pageMemo) get(ctx context.Context, mark int64, key string, load func(context.Context) (any, error)) (any, error) {
	m.mu.Lock()
	e, ok := m.entries[key]
	ok = ok && m.mark == mark && (!e.early || m.now().Sub(m.since) < memoSettle)
	m.mu.Unlock()
	if ok {
		m.hits.Add(1)
		return e.v, nil
	}
	m.misses.Add(1)
	done := m.flight.DoChan(fmt.Sprintf("%d:%s", mark, key), func() (any, error) {
		m.mu.Lock()
		early := m.now().Sub(m.since) < memoSettle
		m.mu.Unlock()
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), memoLoadTimeout)
		defer cancel()
		v, err := load(lctx)
		if err != nil {
			return nil, err
		}
		m.mu.Lock()
		if m.mark == mark {
			m.entries[key] = memoValue{v: v, early: early}
		}
		m.mu.Unlock()
		return v, nil
	})
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-done:
		return r.Val, r.Err
	}
}

// MemoStats are the page memo's hits and misses since the start (both 0 without a memo: SQLite).
func (s *Service) MemoStats() (hits, misses uint64) {
	if s.memo == nil {
		return 0, 0
	}
	return s.memo.hits.Load(), s.memo.misses.Load()
}
