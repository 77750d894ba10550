package sales

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
)

// Files staff attach to an order (the order screen's file upload, back-office-and-shell.md
// 2.4): kept in the object store under order-files/<order id>/<random name>, a prefix the
// public /media route never serves; downloaded only through the admin API (view-order).

// Attachment limits (docs/sales.md "Staff order handling").
const (
	MaxAttachmentBytes = 10 << 20
	MaxAttachments     = 50
	attachmentPrefix   = "order-files/"
)

// attachmentTypes: the extensions accepted, each with the content type stored and the type
// the file's first bytes must sniff as (http.DetectContentType), so a renamed executable or
// HTML page is refused.
var attachmentTypes = map[string]struct{ stored, sniffed string }{
	".pdf":  {"application/pdf", "application/pdf"},
	".jpg":  {"image/jpeg", "image/jpeg"},
	".jpeg": {"image/jpeg", "image/jpeg"},
	".png":  {"image/png", "image/png"},
	".webp": {"image/webp", "image/webp"},
	".xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/zip"},
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/zip"},
	".txt":  {"text/plain; charset=utf-8", "text/plain"},
	".csv":  {"text/csv; charset=utf-8", "text/plain"},
}

// Attachment is one file on an order.
type Attachment struct {
	ID          uint64 `gorm:"primaryKey"`
	OrderID     uint64
	FileName    string
	ContentType string
	Size        int64
	BlobKey     string
	UserID      *uint64
	CreatedAt   time.Time
}

func (Attachment) TableName() string { return "order_attachments" }

// Attachments lists the order's files, oldest first.
func (s *Service) Attachments(ctx context.Context, orderID uint64) ([]Attachment, error) {
	out := []Attachment{}
	if err := s.db.WithContext(ctx).Where("order_id = ?", orderID).Order("id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "order attachments")
	}
	return out, nil
}

// cleanFileName keeps the name's last element, without control characters, at most 255
// characters (the extension kept).
func cleanFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	for utf8.RuneCountInString(name) > 255 {
		ext := filepath.Ext(name)
		r := []rune(strings.TrimSuffix(name, ext))
		name = string(r[:len(r)-1]) + ext
	}
	return name
}

// AddAttachment stores an uploaded file on the order: at most MaxAttachmentBytes, of a type in
// attachmentTypes (by extension and by its first bytes), at most MaxAttachments per order.
func (s *Service) AddAttachment(ctx context.Context, orderID uint64, fileName string, r io.Reader) (*Attachment, error) {
	if s.blobs == nil {
		return nil, apperr.Unreachable(errors.New("no object store"), "order attachment")
	}
	name := cleanFileName(fileName)
	typ, ok := attachmentTypes[strings.ToLower(filepath.Ext(name))]
	if !ok || name == "" {
		return nil, apperr.InvalidFields(apperr.Field("file", "sales.attachment_type"))
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxAttachmentBytes+1))
	if err != nil {
		return nil, apperr.Wrap(err, "read attachment")
	}
	switch {
	case len(data) == 0:
		return nil, apperr.InvalidFields(apperr.Field("file", "sales.attachment_empty"))
	case len(data) > MaxAttachmentBytes:
		return nil, apperr.InvalidFields(apperr.Field("file", "sales.attachment_size"))
	}
	sniffed, _, _ := strings.Cut(http.DetectContentType(data), ";")
	if sniffed != typ.sniffed {
		return nil, apperr.InvalidFields(apperr.Field("file", "sales.attachment_type"))
	}
	if _, err := s.order(ctx, s.db, orderID); err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%s%d/%s%s", attachmentPrefix, orderID, NewGuestID()[:32], strings.ToLower(filepath.Ext(name)))
	if err := s.blobs.Put(ctx, key, bytes.NewReader(data), int64(len(data)), typ.stored); err != nil {
		return nil, apperr.Unreachable(err, "store attachment")
	}
	a := Attachment{OrderID: orderID, FileName: name, ContentType: typ.stored, Size: int64(len(data)), BlobKey: key, CreatedAt: s.clock.Now()}
	if uid := actor.From(ctx).UserID; uid != 0 {
		a.UserID = &uid
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := lockOrder(tx, orderID); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Attachment{}).Where("order_id = ?", orderID).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "order attachments")
		}
		if n >= MaxAttachments {
			return apperr.InvalidFields(apperr.Field("file", "sales.attachments_full", "n", MaxAttachments))
		}
		if err := tx.Create(&a).Error; err != nil {
			return apperr.Wrap(err, "order attachment")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderAttachmentCreated, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			New: map[string]any{"attachment_id": a.ID, "file_name": a.FileName, "size": a.Size}})
	})
	if err != nil {
		// The row was not written: the object is nobody's.
		if derr := s.blobs.Delete(context.WithoutCancel(ctx), key); derr != nil {
			s.log.WarnContext(ctx, "orphan order attachment", "key", key, "error", derr.Error())
		}
		return nil, err
	}
	return &a, nil
}

// attachment reads one file of the order (404 when it is not this order's).
func attachment(ctx context.Context, db *gorm.DB, orderID, id uint64) (*Attachment, error) {
	var a Attachment
	if err := db.WithContext(ctx).Where("id = ? AND order_id = ?", id, orderID).Take(&a).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, apperr.NotFoundThing("order_attachment")
		}
		return nil, apperr.Wrap(err, "order attachment")
	}
	return &a, nil
}

// OpenAttachment opens an order's file for download; the caller closes the reader.
func (s *Service) OpenAttachment(ctx context.Context, orderID, id uint64) (*Attachment, io.ReadCloser, error) {
	a, err := attachment(ctx, s.db, orderID, id)
	if err != nil {
		return nil, nil, err
	}
	if s.blobs == nil {
		return nil, nil, apperr.Unreachable(errors.New("no object store"), "order attachment")
	}
	rc, _, err := s.blobs.Open(ctx, a.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil, apperr.NotFoundThing("order_attachment")
	}
	if err != nil {
		return nil, nil, apperr.Unreachable(err, "open attachment")
	}
	return a, rc, nil
}

// DeleteAttachment removes an order's file: the row with its activity entry, then the object
// (an object left behind by a failed delete is only logged: no row points at it any more).
func (s *Service) DeleteAttachment(ctx context.Context, orderID, id uint64) error {
	var a *Attachment
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if a, err = attachment(ctx, tx, orderID, id); err != nil {
			return err
		}
		res := tx.Where("id = ? AND order_id = ?", id, orderID).Delete(&Attachment{})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "order attachment")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("order_attachment")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderAttachmentDeleted, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			Old: map[string]any{"attachment_id": a.ID, "file_name": a.FileName, "size": a.Size}})
	})
	if err != nil {
		return err
	}
	if s.blobs != nil {
		if err := s.blobs.Delete(context.WithoutCancel(ctx), a.BlobKey); err != nil && !errors.Is(err, blob.ErrNotFound) {
			s.log.WarnContext(ctx, "order attachment object not deleted", "key", a.BlobKey, "error", err.Error())
		}
	}
	return nil
}
