package feeds

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"shop/internal/platform/apperr"
	"shop/internal/platform/queue"
)

// FeedStatus tells staff why the feed tab and the written feeds may count differently: the
// tab lists every product marked for the feed, the export only those a shopper can buy.
type FeedStatus struct {
	// Marked is how many products are marked for the e-ponuda feed (the tab's count).
	Marked int64 `json:"marked"`
	// Exported is how many of them the next export writes to the e-ponuda feeds.
	Exported int64 `json:"exported"`
	// GoogleWithoutImage are exported products the Google feed leaves out: Merchant Center
	// refuses an item without an image.
	GoogleWithoutImage int64 `json:"google_without_image"`
	// LeftOut counts the marked products the export leaves out, each under its first reason.
	LeftOut FeedLeftOut `json:"left_out"`
	// Files are the feeds the last export wrote (empty: never exported).
	Files []FeedInfo `json:"files"`
}

// FeedLeftOut counts the marked products left out of the export by reason.
type FeedLeftOut struct {
	Inactive      int64 `json:"inactive"`
	Hidden        int64 `json:"hidden"`
	NoPrice       int64 `json:"no_price"`
	BelowMinPrice int64 `json:"below_min_price"`
}

// feedStatusSQL classifies the marked products by the feed's own conditions (feedSQL), the
// first failing one counting: a product inactive and hidden counts as inactive.
const feedStatusSQL = `SELECT COUNT(*) AS marked,
	COALESCE(SUM(CASE WHEN NOT p.active THEN 1 ELSE 0 END), 0) AS inactive,
	COALESCE(SUM(CASE WHEN p.active AND NOT p.visible THEN 1 ELSE 0 END), 0) AS hidden,
	COALESCE(SUM(CASE WHEN p.live AND p.web_price <= 0 THEN 1 ELSE 0 END), 0) AS no_price,
	COALESCE(SUM(CASE WHEN p.live AND p.web_price > 0 AND NOT p.sellable THEN 1 ELSE 0 END), 0) AS below_min_price,
	COALESCE(SUM(CASE WHEN p.sellable AND p.image_key = '' THEN 1 ELSE 0 END), 0) AS google_without_image
FROM product_summaries p
WHERE p.eponuda`

// Status answers the feed's counts and the last export's files.
func (f *Feeds) Status(ctx context.Context) (*FeedStatus, error) {
	var row struct {
		Marked, Inactive, Hidden, NoPrice, BelowMinPrice, GoogleWithoutImage int64
	}
	if err := f.db.WithContext(ctx).Raw(feedStatusSQL).Scan(&row).Error; err != nil {
		return nil, apperr.Wrap(err, "feed status")
	}
	files, err := f.Info(ctx)
	if err != nil {
		return nil, err
	}
	out := &FeedStatus{Marked: row.Marked, Files: files, GoogleWithoutImage: row.GoogleWithoutImage,
		LeftOut: FeedLeftOut{Inactive: row.Inactive, Hidden: row.Hidden, NoPrice: row.NoPrice, BelowMinPrice: row.BelowMinPrice}}
	out.Exported = out.Marked - row.Inactive - row.Hidden - row.NoPrice - row.BelowMinPrice
	if out.Files == nil {
		out.Files = []FeedInfo{}
	}
	return out, nil
}

// QueueExport asks the worker for an export now. One already waiting or running is the
// answer too: the task is unique for its window, so clicking twice exports once.
func (f *Feeds) QueueExport(ctx context.Context) error {
	if f.enq == nil {
		return apperr.Unreachable(errors.New("no queue"), "queue")
	}
	_, err := f.enq.Enqueue(ctx, queue.NewFeedsExportTask())
	if err != nil && !errors.Is(err, asynq.ErrDuplicateTask) && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return apperr.Unreachable(err, "queue")
	}
	return nil
}

// ExportIfMissing queues an export when a feed was never written, so a new shop serves its
// feeds within minutes of its first start rather than at the first scheduled hour.
func (f *Feeds) ExportIfMissing(ctx context.Context) error {
	for _, n := range FeedNames {
		info, err := f.current(ctx, n)
		if err != nil {
			return apperr.Unreachable(err, "feed pointer")
		}
		if info == nil {
			return f.QueueExport(ctx)
		}
	}
	return nil
}
