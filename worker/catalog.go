package worker

import (
	"context"
	"log/slog"

	"github.com/hibiken/asynq"

	"shop/internal/catalog"
	"shop/internal/platform/queue"
)

// catalogStickerMass puts a catalog sticker on a selection of products (one upsert).
type catalogStickerMass struct {
	catalog *catalog.Service
	log     *slog.Logger
}

func (h catalogStickerMass) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.CatalogStickerMassPayload](t)
	if err != nil {
		return err
	}
	n, err := h.catalog.ApplyCatalogStickerMass(ctx, p)
	if err == nil {
		h.log.InfoContext(ctx, "catalog stickers added", "type", p.CatalogStickerTypeID, "rows", n, "user_id", p.UserID)
	}
	return result(err)
}

// energyStickerMass sets one stored energy label on a selection of products (one update).
type energyStickerMass struct {
	catalog *catalog.Service
	log     *slog.Logger
}

func (h energyStickerMass) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[queue.EnergyStickerMassPayload](t)
	if err != nil {
		return err
	}
	n, err := h.catalog.ApplyEnergyStickerMass(ctx, p)
	if err == nil {
		h.log.InfoContext(ctx, "energy labels set", "key", p.StickerKey, "rows", n, "user_id", p.UserID)
	}
	return result(err)
}
