package queue

import (
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"

	"shop/internal/platform/mail"
)

// Every task type the shop runs, with its payload and constructor; nothing else builds tasks.
const (
	TypeMailSend      = "mail:send"
	TypeIdentityPurge = "identity:purge"

	TypeCatalogStickerMass = "catalog:catalog_sticker_mass"
	TypeEnergyStickerMass  = "catalog:energy_sticker_mass"
)

// MailSendPayload is one e-mail to send.
type MailSendPayload struct {
	Message mail.Message `json:"message"`
}

// NewMailSendTask sends one mail; retried with backoff while the relay is down.
func NewMailSendTask(m mail.Message) (*asynq.Task, error) {
	b, err := json.Marshal(MailSendPayload{Message: m})
	if err != nil {
		return nil, err
	}
	return newTask(TypeMailSend, b, asynq.Queue(QueueCritical), asynq.MaxRetry(10), asynq.Timeout(time.Minute)), nil
}

// NewIdentityPurgeTask removes expired sessions and password-reset tokens. Unique for an
// hour so two schedulers (several instances) do not run it twice.
func NewIdentityPurgeTask() *asynq.Task {
	return newTask(TypeIdentityPurge, nil, asynq.Queue(QueueLow), asynq.MaxRetry(3),
		asynq.Timeout(5*time.Minute), asynq.Unique(time.Hour))
}

// CatalogStickerMassPayload puts one catalog sticker on a selection of products.
type CatalogStickerMassPayload struct {
	CatalogStickerTypeID uint64 `json:"catalog_sticker_type_id"`
	From                 string `json:"from"` // YYYY-MM-DD
	To                   string `json:"to"`
	Active               bool   `json:"active"`
	// Selection is a catalog.ProductSelection (ids, or the list's filter), encoded by the
	// catalogue, which this package cannot import.
	Selection json.RawMessage `json:"selection"`
	// UserID started the job; the notification of its end goes to them.
	UserID uint64 `json:"user_id"`
}

// NewCatalogStickerMassTask queues a mass catalog sticker add: one set-based upsert, so a
// retry is harmless.
func NewCatalogStickerMassTask(p CatalogStickerMassPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeCatalogStickerMass, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)), nil
}

// EnergyStickerMassPayload sets one stored energy label (StickerKey) on a selection of products.
type EnergyStickerMassPayload struct {
	StickerKey string          `json:"sticker_key"`
	Selection  json.RawMessage `json:"selection"` // a catalog.ProductSelection
	UserID     uint64          `json:"user_id"`
}

// NewEnergyStickerMassTask queues a mass energy label update: one set-based UPDATE.
func NewEnergyStickerMassTask(p EnergyStickerMassPayload) (*asynq.Task, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	return newTask(TypeEnergyStickerMass, b, asynq.Queue(QueueDefault), asynq.MaxRetry(5), asynq.Timeout(10*time.Minute)), nil
}
