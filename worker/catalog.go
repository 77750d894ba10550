package worker

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"

	"shop/internal/catalog"
	"shop/internal/notify"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// catalogStickerMass puts a catalog sticker on a selection of products (one upsert).
type catalogStickerMass struct {
	catalog *catalog.Service
	ends    massEnds
}

func (h catalogStickerMass) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.CatalogStickerMassPayload](t)
	if err != nil {
		return err
	}
	n, err := h.catalog.ApplyCatalogStickerMass(ctx, p)
	if err == nil {
		h.ends.log.InfoContext(ctx, "catalog stickers added", "type", p.CatalogStickerTypeID, "rows", n, "user_id", p.UserID)
	}
	return h.ends.end(ctx, p.UserID, catalog.MassJobCatalogStickers, "catalog_sticker", n, err)
}

// energyStickerMass sets one stored energy label on a selection of products (one update).
type energyStickerMass struct {
	catalog *catalog.Service
	ends    massEnds
}

func (h energyStickerMass) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EnergyStickerMassPayload](t)
	if err != nil {
		return err
	}
	n, err := h.catalog.ApplyEnergyStickerMass(ctx, p)
	if err == nil {
		h.ends.log.InfoContext(ctx, "energy labels set", "key", p.StickerKey, "rows", n, "user_id", p.UserID)
	}
	return h.ends.end(ctx, p.UserID, catalog.MassJobEnergySticker, "energy_sticker", n, err)
}

// massEnds tells the user who started a mass job how it ended: done with the count, or failed
// with the reason once no retry follows (an invalid payload or selection is never retried; any
// other failure only after the last attempt).
type massEnds struct {
	notify *notify.Service
	log    *slog.Logger
}

// massNote is a mass job's notification data.
type massNote struct {
	Job     string `json:"job"`
	Message string `json:"message"`
	Count   *int64 `json:"count,omitempty"`
	Error   string `json:"error,omitempty"`
}

// end notifies the end of job (messages under area.note_done / area.note_failed) and answers
// the job's result for asynq. The message is in Serbian, the shop's language, as the price-list
// import's are; the admin renders its own text from job, count and error.
func (m massEnds) end(ctx context.Context, userID uint64, job, area string, n int64, err error) error {
	res := result(err)
	var typ string
	var note massNote
	switch {
	case err == nil:
		typ, note = catalog.NoteStickersDone, massNote{Job: job, Count: &n,
			Message: i18n.T(i18n.SR, area+".note_done", map[string]any{"count": n})}
	case res != err || lastAttempt(ctx): // refused for good, or out of retries
		reason := i18n.Reason(i18n.SR, err)
		typ, note = catalog.NoteStickersFailed, massNote{Job: job, Error: reason,
			Message: i18n.T(i18n.SR, area+".note_failed", map[string]any{"error": reason})}
	default:
		return res // asynq retries; the user hears of the last attempt
	}
	if userID != 0 && m.notify != nil {
		// The job's own work is done (or failed for good) either way: a notification that cannot
		// be stored is logged, not retried (a retry would repeat the work for it).
		if nerr := m.notify.Notify(ctx, userID, typ, note); nerr != nil {
			m.log.WarnContext(ctx, "notification not sent", "user_id", userID, "type", typ, "error", nerr.Error())
		}
	}
	return res
}
