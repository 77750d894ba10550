package sales

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
)

// Notes on an order (back-office-and-shell.md 4): internal notes can be created, updated and
// deleted; notes to the customer can be sent. A note to the customer is mailed in the order's
// language and shown in the customer's order; once sent it stays as it was (it cannot be
// changed or deleted: the customer has read it).

// MaxNote bounds a note's text (the checkout's note has the same limit).
const MaxNote = 2000

func checkNoteBody(body string) (string, error) {
	body = strings.TrimSpace(body)
	switch {
	case body == "":
		return "", apperr.InvalidFields(apperr.Field("body", "validation.required"))
	case utf8.RuneCountInString(body) > MaxNote:
		return "", apperr.InvalidFields(apperr.Field("body", "validation.max_chars", "n", MaxNote))
	}
	return body, nil
}

// lockOrder reads the order for a change inside tx (404 when missing).
func lockOrder(tx *gorm.DB, id uint64) (*Order, error) {
	var o Order
	if err := tx.Where("id = ?", id).Take(&o).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, apperr.NotFoundThing("order")
		}
		return nil, apperr.Wrap(err, "order")
	}
	return &o, nil
}

// AddNote writes a note on the order. A note to the customer (kind customer) is also mailed
// to the order's e-mail in the order's language: the mail task is queued inside the note's
// transaction under the note's stable id (order-note-<id>), so a queue that is down refuses
// the note (the staff member sends it again) rather than storing a note nobody was told of.
func (s *Service) AddNote(ctx context.Context, orderID uint64, kind, body string) (*OrderNote, error) {
	kind = strings.TrimSpace(kind)
	if kind != NoteInternal && kind != NoteCustomer {
		return nil, apperr.InvalidFields(apperr.Field("kind", "sales.note_kind"))
	}
	body, err := checkNoteBody(body)
	if err != nil {
		return nil, err
	}
	var n OrderNote
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		o, err := lockOrder(tx, orderID)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		n = OrderNote{OrderID: orderID, Kind: kind, Body: body, CreatedAt: now, UpdatedAt: now}
		if uid := actor.From(ctx).UserID; uid != 0 {
			n.UserID = &uid
		}
		if err := tx.Create(&n).Error; err != nil {
			return apperr.Wrap(err, "order note")
		}
		typ := activity.OrderNoteCreated
		if kind == NoteCustomer {
			typ = activity.OrderCustomerNoteSent
			full, err := s.order(ctx, tx, o.ID)
			if err != nil {
				return err
			}
			m, err := s.customerNoteMail(ctx, full, &n)
			if err != nil {
				return err
			}
			if s.enq == nil {
				return apperr.Unreachable(errors.New("no queue"), "customer note mail")
			}
			if err := s.enqueueMail(ctx, noteMailID(&n), m); err != nil {
				return apperr.Unreachable(err, "customer note mail")
			}
		}
		return activity.Record(ctx, tx, activity.Change{Type: typ, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			New: map[string]any{"note_id": n.ID, "kind": kind, "body": body}})
	})
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// note reads one note of the order in tx (404 when it is not this order's).
func note(tx *gorm.DB, orderID, noteID uint64) (*OrderNote, error) {
	var n OrderNote
	if err := tx.Where("id = ? AND order_id = ?", noteID, orderID).Take(&n).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, apperr.NotFoundThing("order_note")
		}
		return nil, apperr.Wrap(err, "order note")
	}
	return &n, nil
}

// UpdateNote changes an internal note's text (a note to the customer was mailed: 422).
func (s *Service) UpdateNote(ctx context.Context, orderID, noteID uint64, body string) (*OrderNote, error) {
	body, err := checkNoteBody(body)
	if err != nil {
		return nil, err
	}
	var n *OrderNote
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if n, err = note(tx, orderID, noteID); err != nil {
			return err
		}
		if n.Kind != NoteInternal {
			return apperr.InvalidFields(apperr.Field("body", "sales.customer_note_fixed"))
		}
		old := n.Body
		n.Body, n.UpdatedAt = body, s.clock.Now()
		if err := tx.Model(&OrderNote{}).Where("id = ?", n.ID).Updates(map[string]any{"body": n.Body, "updated_at": n.UpdatedAt}).Error; err != nil {
			return apperr.Wrap(err, "order note")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderNoteUpdated, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			Old: map[string]any{"note_id": n.ID, "body": old}, New: map[string]any{"note_id": n.ID, "body": body}})
	})
	if err != nil {
		return nil, err
	}
	return n, nil
}

// DeleteNote removes an internal note (a note to the customer was mailed: 422).
func (s *Service) DeleteNote(ctx context.Context, orderID, noteID uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		n, err := note(tx, orderID, noteID)
		if err != nil {
			return err
		}
		if n.Kind != NoteInternal {
			return apperr.InvalidFields(apperr.Field("note_id", "sales.customer_note_fixed"))
		}
		if err := tx.Where("id = ?", n.ID).Delete(&OrderNote{}).Error; err != nil {
			return apperr.Wrap(err, "order note")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.OrderNoteDeleted, SubjectType: activity.SubjectOrder, SubjectID: orderID,
			Old: map[string]any{"note_id": n.ID, "kind": n.Kind, "body": n.Body}})
	})
}
