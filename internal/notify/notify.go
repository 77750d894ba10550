// Package notify keeps users' notifications (the bell of the admin) and pushes each new one to
// the user's open tabs through the realtime hub.
package notify

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/listing"
	"shop/internal/platform/realtime"
)

// Notification is one message to one user. Data is the JSON object the producer gave (its
// message already in the user's language); an unread notification has no ReadAt. Ids grow,
// so they order the list and the realtime replay.
type Notification struct {
	ID        uint64     `gorm:"primaryKey" json:"id"`
	UserID    uint64     `json:"user_id"`
	Type      string     `json:"type"`
	Data      string     `json:"data"`
	ReadAt    *time.Time `json:"read_at"`
	CreatedAt time.Time  `json:"created_at"`
}

func (Notification) TableName() string { return "notifications" }

// Read tells whether the user has read it.
func (n Notification) Read() bool { return n.ReadAt != nil }

// Limits of the bell's unread list and of one replay batch.
const (
	UnreadLimit = 20
	ReplayLimit = 100
)

// EventNotification is the realtime event type that carries a new notification.
const EventNotification = "notification"

// Service stores notifications and publishes them.
type Service struct {
	db  *gorm.DB
	hub *realtime.Hub
	log *slog.Logger
	now func() time.Time
}

// NewService builds the service; hub delivers the notifications live.
func NewService(db *gorm.DB, hub *realtime.Hub, log *slog.Logger, clk clock.Clock) *Service {
	return &Service{db: db, hub: hub, log: log, now: clk.Now}
}

// Notify stores a notification for the user and publishes it to their open tabs. data is
// marshalled to the notification's JSON object (nil: {}). The stored row is the truth: a
// failed publish is only logged, since a tab that missed it replays it when it reconnects.
func (s *Service) Notify(ctx context.Context, userID uint64, typ string, data any) error {
	publish, err := s.NotifyTx(s.db.WithContext(ctx), userID, typ, data)
	if err != nil {
		return err
	}
	publish(ctx)
	return nil
}

// NotifyTx is Notify inside the caller's transaction: the notification is stored through tx, so
// it exists exactly when the caller's own writes do (a job that ends by committing its result
// tells the user once, whether or not it is killed and retried), and publish, called once tx
// has committed, pushes it to the user's tabs.
func (s *Service) NotifyTx(tx *gorm.DB, userID uint64, typ string, data any) (publish func(context.Context), err error) {
	if userID == 0 || strings.TrimSpace(typ) == "" {
		return nil, apperr.Wrap(errors.New("notification without a user or a type"), "notify")
	}
	raw := []byte("{}")
	if data != nil {
		b, err := json.Marshal(data)
		if err != nil {
			return nil, apperr.Wrap(err, "notification data")
		}
		if len(b) > 0 && b[0] == '{' {
			raw = b
		} else if string(b) != "null" {
			return nil, apperr.Wrap(errors.New("notification data is not a JSON object: "+typ), "notify")
		}
	}
	n := Notification{UserID: userID, Type: typ, Data: string(raw), CreatedAt: s.now()}
	if err := tx.Create(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "store notification")
	}
	return func(ctx context.Context) { s.publish(ctx, n) }, nil
}

// publish pushes a stored notification to the user's open tabs; a failure is only logged.
func (s *Service) publish(ctx context.Context, n Notification) {
	if s.hub == nil {
		return
	}
	if err := s.hub.Publish(ctx, n.UserID, Event(n)); err != nil {
		s.log.WarnContext(ctx, "notify: publish failed; the user's tabs get it on reconnect",
			"user_id", n.UserID, "notification_id", n.ID, "error", err)
	}
}

// Event is the realtime event carrying n (FromEvent reads it back).
func Event(n Notification) realtime.Event {
	b, _ := json.Marshal(n) // plain fields: cannot fail
	return realtime.Event{ID: n.ID, Type: EventNotification, Data: b}
}

// FromEvent reads the notification an Event carries.
func FromEvent(ev realtime.Event) (Notification, error) {
	var n Notification
	if ev.Type != EventNotification {
		return n, errors.New("not a notification event: " + ev.Type)
	}
	err := json.Unmarshal(ev.Data, &n)
	return n, err
}

// List is one page of the user's notifications, newest first, and how many there are.
func (s *Service) List(ctx context.Context, userID uint64, page listing.Page) ([]Notification, int64, error) {
	q := s.db.WithContext(ctx).Model(&Notification{}).Where("user_id = ?", userID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count notifications")
	}
	out := []Notification{}
	if total == 0 {
		return out, 0, nil
	}
	if err := q.Order("id DESC").Offset(page.Offset()).Limit(page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list notifications")
	}
	return out, total, nil
}

// Unread is the bell: the newest unread notifications (at most UnreadLimit) and how many
// unread there are in all.
func (s *Service) Unread(ctx context.Context, userID uint64) ([]Notification, int64, error) {
	q := s.db.WithContext(ctx).Model(&Notification{}).Where("user_id = ? AND read_at IS NULL", userID)
	var count int64
	if err := q.Count(&count).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count unread notifications")
	}
	out := []Notification{}
	if count == 0 {
		return out, 0, nil
	}
	if err := q.Order("id DESC").Limit(UnreadLimit).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list unread notifications")
	}
	return out, count, nil
}

// Since is what a reconnecting tab missed: the user's notifications after afterID, oldest
// first, at most ReplayLimit (ask again from the last one for more).
func (s *Service) Since(ctx context.Context, userID, afterID uint64) ([]Notification, error) {
	out := []Notification{}
	err := s.db.WithContext(ctx).Where("user_id = ? AND id > ?", userID, afterID).
		Order("id").Limit(ReplayLimit).Find(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "replay notifications")
	}
	return out, nil
}

// MarkRead marks one of the user's notifications read (a read one keeps its first read time).
// Another user's notification is not found.
func (s *Service) MarkRead(ctx context.Context, userID, id uint64) error {
	res := s.db.WithContext(ctx).Model(&Notification{}).
		Where("id = ? AND user_id = ? AND read_at IS NULL", id, userID).Update("read_at", s.now())
	if res.Error != nil {
		return apperr.Wrap(res.Error, "mark notification read")
	}
	if res.RowsAffected == 0 {
		return s.mustExist(ctx, userID, id)
	}
	return nil
}

// ReadAll marks every unread notification of the user read.
func (s *Service) ReadAll(ctx context.Context, userID uint64) error {
	err := s.db.WithContext(ctx).Model(&Notification{}).
		Where("user_id = ? AND read_at IS NULL", userID).Update("read_at", s.now()).Error
	return apperr.Wrap(err, "mark all notifications read")
}

// Delete removes one of the user's notifications; another user's is not found.
func (s *Service) Delete(ctx context.Context, userID, id uint64) error {
	res := s.db.WithContext(ctx).Where("id = ? AND user_id = ?", id, userID).Delete(&Notification{})
	if res.Error != nil {
		return apperr.Wrap(res.Error, "delete notification")
	}
	if res.RowsAffected == 0 {
		return apperr.NotFoundThing("notification")
	}
	return nil
}

// DeleteAll removes every notification of the user.
func (s *Service) DeleteAll(ctx context.Context, userID uint64) error {
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Delete(&Notification{}).Error
	return apperr.Wrap(err, "delete all notifications")
}

func (s *Service) mustExist(ctx context.Context, userID, id uint64) error {
	var n int64
	if err := s.db.WithContext(ctx).Model(&Notification{}).Where("id = ? AND user_id = ?", id, userID).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "find notification")
	}
	if n == 0 {
		return apperr.NotFoundThing("notification")
	}
	return nil
}
