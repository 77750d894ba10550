// Package feeds is the public product feeds: which products are in the e-ponuda feed, the
// e-ponuda feed (CSV and XML) and the Google Merchant Center feed, written to object storage and
// served from there.
package feeds

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// The public feeds, by the name they are served under (/feeds/<name>).
const (
	FeedEponudaXML = "eponuda.xml"
	FeedEponudaCSV = "eponuda.csv"
	FeedGoogle     = "google.xml"
)

// FeedNames lists every feed, in the order an export writes them.
var FeedNames = []string{FeedEponudaXML, FeedEponudaCSV, FeedGoogle}

// NoteFeedExportFailed is the notification the super-admins get when an export fails (the
// previous feeds stay served).
const NoteFeedExportFailed = "FeedExportFailed"

// Notifier tells a user something (the notification bell).
type Notifier interface {
	Notify(ctx context.Context, userID uint64, typ string, data any) error
}

// Staff names the users to tell about a failed export.
type Staff interface {
	SuperAdminIDs(ctx context.Context) ([]uint64, error)
}

// Feeds keeps the feed's membership and writes and reads the public feeds.
type Feeds struct {
	db        *gorm.DB
	catalog   *catalog.Service
	blobs     blob.Store
	enq       *queue.Enqueuer // nil: no queue (shopctl exports in-process)
	notify    Notifier
	staff     Staff
	log       *slog.Logger
	clk       clock.Clock
	publicURL string
	tmpDir    string
	// shop names the shop in the Google feed's title (nil: "").
	shop ShopNamer
}

// ShopNamer answers the shop's name as pages and feeds show it (sales.Service.ShopName).
type ShopNamer interface {
	ShopName(ctx context.Context) string
}

func (f *Feeds) shopName(ctx context.Context) string {
	if f.shop == nil {
		return ""
	}
	return f.shop.ShopName(ctx)
}

// NewFeeds builds the feed export. shop names the shop in the feeds' titles (the sales
// service's identity); publicURL is the storefront's address the feeds link to ("" :
// http://localhost:8080).
func NewFeeds(db *gorm.DB, cat *catalog.Service, blobs blob.Store, enq *queue.Enqueuer, n Notifier, staff Staff, shop ShopNamer, log *slog.Logger, clk clock.Clock, publicURL string) *Feeds {
	if publicURL == "" {
		publicURL = "http://localhost:8080"
	}
	return &Feeds{db: db, catalog: cat, blobs: blobs, enq: enq, notify: n, staff: staff, shop: shop, log: log, clk: clk, publicURL: strings.TrimRight(publicURL, "/")}
}

// WithBlobs is the same export over another object store (tests put a failing one in).
func (f *Feeds) WithBlobs(b blob.Store) *Feeds {
	c := *f
	c.blobs = b
	return &c
}

// FeedInfo describes one written feed: where its current version is, its validator and size.
type FeedInfo struct {
	Name     string    `json:"name"`
	Key      string    `json:"key"`
	ETag     string    `json:"etag"`
	Modified time.Time `json:"modified"`
	// Size is the stored (gzip) size; Products how many products it lists.
	Size     int64 `json:"size"`
	Products int   `json:"products"`
	// Previous is the version this one replaced: kept one export longer, so a reader that read
	// the old pointer just before the switch can still open what it names.
	Previous string `json:"previous,omitempty"`
}

// ExportResult is what an export wrote.
type ExportResult struct {
	Feeds []FeedInfo `json:"feeds"`
}

func pointerKey(name string) string { return "feeds/" + name + ".json" }

func contentType(name string) string {
	if strings.HasSuffix(name, ".csv") {
		return "text/csv; charset=utf-8"
	}
	return "application/xml; charset=utf-8"
}

// ContentType is the media type a feed is served with.
func ContentType(name string) string { return contentType(name) }

// known tells whether name is one of the feeds.
func known(name string) bool {
	for _, n := range FeedNames {
		if n == name {
			return true
		}
	}
	return false
}

// spool is one feed being written: rows go through a format writer into gzip into a temp
// file (seekable, so the object store's upload needs no buffer), hashed on the way.
type spool struct {
	name  string
	file  *os.File
	sum   hash.Hash
	gz    *gzip.Writer
	buf   *bufio.Writer
	fw    feedWriter
	count int
}

func (f *Feeds) newSpool(name, shop string) (*spool, error) {
	file, err := os.CreateTemp(f.tmpDir, "feed-*.gz")
	if err != nil {
		return nil, err
	}
	s := &spool{name: name, file: file, sum: sha256.New()}
	s.gz, _ = gzip.NewWriterLevel(io.MultiWriter(file, s.sum), gzip.BestSpeed)
	s.buf = bufio.NewWriterSize(s.gz, 64<<10)
	s.fw = f.writerFor(name, s.buf, shop)
	return s, nil
}

func (s *spool) discard() {
	s.file.Close()
	os.Remove(s.file.Name())
}

func (s *spool) finish() error {
	if err := s.fw.end(); err != nil {
		return err
	}
	if err := s.buf.Flush(); err != nil {
		return err
	}
	if err := s.gz.Close(); err != nil {
		return err
	}
	_, err := s.file.Seek(0, io.SeekStart)
	return err
}

// Export writes every feed from the current catalogue in one pass over the products, then
// stores them: each as a new object, then the feed's pointer switched to it, then the version
// before the one replaced removed (the replaced one stays for readers still on their way to it). A reader follows the pointer, so it gets the old feed or the new one, never
// half of one. When the object store fails, the previous feeds stay served and the
// super-admins are told.
func (f *Feeds) Export(ctx context.Context) (*ExportResult, error) {
	return f.ExportJob(ctx, true)
}

// ExportJob is Export for the job: the super-admins hear of a failure only on its last
// attempt (an hourly export retried twice would otherwise ring three times).
func (f *Feeds) ExportJob(ctx context.Context, lastAttempt bool) (*ExportResult, error) {
	res, err := f.export(ctx)
	if err != nil {
		f.log.ErrorContext(ctx, "feed export failed", "error", err.Error(), "last_attempt", lastAttempt)
		if lastAttempt {
			f.tellFailure(context.WithoutCancel(ctx), err)
		}
		return nil, apperr.Wrap(err, "feed export")
	}
	return res, nil
}

func (f *Feeds) export(ctx context.Context) (*ExportResult, error) {
	spools := make([]*spool, 0, len(FeedNames))
	defer func() {
		for _, s := range spools {
			s.discard()
		}
	}()
	shop := f.shopName(ctx)
	for _, name := range FeedNames {
		s, err := f.newSpool(name, shop)
		if err != nil {
			return nil, err
		}
		spools = append(spools, s)
	}
	for _, s := range spools {
		if err := s.fw.begin(); err != nil {
			return nil, err
		}
	}
	err := f.eachProduct(ctx, func(p *feedProduct) error {
		for _, s := range spools {
			ok, err := s.fw.row(p)
			if err != nil {
				return err
			}
			if ok {
				s.count++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	now := f.clk.Now().UTC().Truncate(time.Second)
	stamp := fmt.Sprintf("%s-%s", now.Format("20060102T150405Z"), randomHex(4))
	infos := make([]FeedInfo, 0, len(spools))
	// Every new object first: a failure here leaves every pointer, and so every feed, as it was.
	for _, s := range spools {
		if err := s.finish(); err != nil {
			return nil, err
		}
		st, err := s.file.Stat()
		if err != nil {
			return nil, err
		}
		info := FeedInfo{Name: s.name, Key: "feeds/versions/" + s.name + "/" + stamp + ".gz",
			ETag: `"` + hex.EncodeToString(s.sum.Sum(nil)[:16]) + `"`, Modified: now, Size: st.Size(), Products: s.count}
		if err := f.blobs.Put(ctx, info.Key, s.file, info.Size, "application/gzip"); err != nil {
			f.removeKeys(ctx, infos)
			return nil, fmt.Errorf("store %s: %w", s.name, err)
		}
		infos = append(infos, info)
	}
	for i := range infos {
		info := &infos[i]
		old, _ := f.current(ctx, info.Name)
		if old != nil {
			info.Previous = old.Key
		}
		b, _ := json.Marshal(info)
		if err := f.blobs.Put(ctx, pointerKey(info.Name), strings.NewReader(string(b)), int64(len(b)), "application/json"); err != nil {
			f.removeKeys(ctx, infos[i:])
			return nil, fmt.Errorf("switch %s: %w", info.Name, err)
		}
		if old != nil && old.Previous != "" && old.Previous != info.Key {
			if err := f.blobs.Delete(ctx, old.Previous); err != nil {
				f.log.WarnContext(ctx, "old feed version not removed", "key", old.Previous, "error", err.Error())
			}
		}
	}
	return &ExportResult{Feeds: infos}, nil
}

func (f *Feeds) removeKeys(ctx context.Context, infos []FeedInfo) {
	for _, in := range infos {
		_ = f.blobs.Delete(context.WithoutCancel(ctx), in.Key)
	}
}

// current reads a feed's pointer (nil, nil: never written).
func (f *Feeds) current(ctx context.Context, name string) (*FeedInfo, error) {
	rc, _, err := f.blobs.Open(ctx, pointerKey(name))
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	var info FeedInfo
	if err := json.NewDecoder(io.LimitReader(rc, 64<<10)).Decode(&info); err != nil {
		return nil, err
	}
	return &info, nil
}

// Open answers the current version of a feed, gzip-compressed, and its description. A feed
// that is not one of FeedNames, or was never written, is not found.
func (f *Feeds) Open(ctx context.Context, name string) (io.ReadCloser, *FeedInfo, error) {
	if !known(name) {
		return nil, nil, apperr.NotFoundThing("object")
	}
	info, err := f.current(ctx, name)
	if err != nil {
		return nil, nil, apperr.Unreachable(err, "feed pointer")
	}
	if info == nil {
		return nil, nil, apperr.NotFoundThing("object")
	}
	rc, _, err := f.blobs.Open(ctx, info.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil, apperr.NotFoundThing("object")
	}
	if err != nil {
		return nil, nil, apperr.Unreachable(err, "feed object")
	}
	return rc, info, nil
}

// Info answers the current description of every written feed.
func (f *Feeds) Info(ctx context.Context) ([]FeedInfo, error) {
	var out []FeedInfo
	for _, n := range FeedNames {
		info, err := f.current(ctx, n)
		if err != nil {
			return nil, apperr.Unreachable(err, "feed pointer")
		}
		if info != nil {
			out = append(out, *info)
		}
	}
	return out, nil
}

// WriteFeed streams one feed, uncompressed, to w (the benchmark's measure, and a preview);
// it answers how many products it listed.
func (f *Feeds) WriteFeed(ctx context.Context, name string, w io.Writer) (int, error) {
	if !known(name) {
		return 0, apperr.NotFoundThing("object")
	}
	buf := bufio.NewWriterSize(w, 64<<10)
	fw := f.writerFor(name, buf, f.shopName(ctx))
	if err := fw.begin(); err != nil {
		return 0, err
	}
	n := 0
	err := f.eachProduct(ctx, func(p *feedProduct) error {
		ok, err := fw.row(p)
		if ok {
			n++
		}
		return err
	})
	if err != nil {
		return n, err
	}
	if err := fw.end(); err != nil {
		return n, err
	}
	return n, buf.Flush()
}

type failureNote struct {
	Message string `json:"message"`
}

func (f *Feeds) tellFailure(ctx context.Context, cause error) {
	if f.staff == nil || f.notify == nil {
		return
	}
	ids, err := f.staff.SuperAdminIDs(ctx)
	if err != nil {
		f.log.WarnContext(ctx, "super-admins not found for the feed failure", "error", err.Error())
		return
	}
	note := failureNote{Message: i18n.T(i18n.SR, "feeds.export_failed", nil)}
	for _, id := range ids {
		if err := f.notify.Notify(ctx, id, NoteFeedExportFailed, note); err != nil {
			f.log.WarnContext(ctx, "notification not sent", "user_id", id, "type", NoteFeedExportFailed, "error", err.Error())
		}
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
