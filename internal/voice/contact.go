package voice

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
)

// ContactMessageRow is a row of contact_messages: what a visitor wrote on the contact page.
type ContactMessageRow struct {
	ID        uint64 `gorm:"primaryKey"`
	UserID    *uint64
	Name      string
	Email     string
	Message   string
	Lang      string
	CreatedAt time.Time
}

func (ContactMessageRow) TableName() string { return "contact_messages" }

// ContactInput is the contact page's form: name (the question form's rules), e-mail (required:
// the shop answers to it) and the message (2-1200 characters).
type ContactInput struct {
	Name    string
	Email   string
	Message string
}

// ContactMessage is a contact message as staff see it.
type ContactMessage struct {
	ID      uint64
	Name    string
	Email   string
	Message string
	// User is the customer who was logged in when writing (nil: a guest).
	User      *UserRef
	CreatedAt time.Time
}

// ShopEmail answers the address the shop's mail goes to (its company data, else config).
type ShopEmail func(ctx context.Context) (string, error)

func checkMessage(field, m string) []apperr.FieldError {
	switch n := runes(m); {
	case n == 0:
		return []apperr.FieldError{apperr.Field(field, "voice.message_required")}
	case n < TextMin:
		return []apperr.FieldError{apperr.Field(field, "voice.message_min")}
	case n > TextMax:
		return []apperr.FieldError{apperr.Field(field, "voice.message_max")}
	}
	return nil
}

// Contact keeps a visitor's message for staff and mails it to the shop's address. The
// message is kept first: a relay that is down delays the mail (the mail job retries), never
// loses what was written.
func (s *Service) Contact(ctx context.Context, c Client, in ContactInput) error {
	in.Name, in.Email, in.Message = Plain(in.Name), normalizeEmail(in.Email), Plain(in.Message)
	fields := checkName("name", in.Name)
	if in.Email == "" {
		fields = append(fields, apperr.Field("email", "voice.email_required"))
	} else if !validEmail(in.Email) {
		fields = append(fields, apperr.Field("email", "voice.email_invalid"))
	}
	fields = append(fields, checkMessage("message", in.Message)...)
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "contact", c, in.Email); err != nil {
		return err
	}
	row := ContactMessageRow{Name: in.Name, Email: in.Email, Message: in.Message, Lang: langOf(c.Lang), CreatedAt: s.now()}
	if c.UserID != 0 {
		uid := c.UserID
		row.UserID = &uid
	}
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return apperr.Wrap(err, "contact message")
	}
	if err := s.mailContact(ctx, row); err != nil {
		// The message is kept and staff see it in the admin; the log says why no mail went.
		s.log.ErrorContext(ctx, "contact mail not queued", "contact_message_id", row.ID, "error", err.Error())
	}
	return nil
}

// mailContact mails the message to the shop in Serbian (the staff's language) with the
// sender's address to reply to.
func (s *Service) mailContact(ctx context.Context, row ContactMessageRow) error {
	if s.shopEmail == nil {
		return errors.New("no shop e-mail")
	}
	to, err := s.shopEmail(ctx)
	if err != nil {
		return err
	}
	if strings.TrimSpace(to) == "" {
		return errors.New("the shop has no e-mail address")
	}
	args := map[string]any{"name": row.Name, "email": row.Email, "message": row.Message,
		"url": s.opts.PublicURL + "/admin/poruke/" + fmt.Sprint(row.ID)}
	m := mail.Message{To: to, ReplyTo: row.Email, Subject: i18n.T(i18n.SR, "voice.mail.contact_subject", args),
		Body: i18n.T(i18n.SR, "voice.mail.contact_body", args)}
	t, err := queue.NewVoiceMailTask(m, fmt.Sprintf("contact:%d", row.ID))
	if err != nil {
		return err
	}
	_, err = s.enq.Enqueue(ctx, t)
	if queue.Duplicate(err) {
		return nil
	}
	return err
}

// ContactFilter narrows the contact messages: Search finds the text in the name, e-mail or message.
type ContactFilter struct {
	Search string
	Page   listing.Page
}

// ContactMessages answers a page of contact messages, newest first.
func (s *Service) ContactMessages(ctx context.Context, f ContactFilter) ([]ContactMessage, int64, error) {
	q := s.db.WithContext(ctx).Where("1 = 1")
	if term := strings.TrimSpace(f.Search); term != "" {
		like, esc := db.LikeContains(strings.ToLower(term)), db.LikeEscape
		q = q.Where("LOWER(m.name) LIKE ?"+esc+" OR LOWER(m.email) LIKE ?"+esc+" OR LOWER(m.message) LIKE ?"+esc, like, like, like)
	}
	return s.listContact(ctx, q, f.Page)
}

// GetContactMessage answers one contact message.
func (s *Service) GetContactMessage(ctx context.Context, id uint64) (*ContactMessage, error) {
	rows, _, err := s.listContact(ctx, s.db.WithContext(ctx).Where("m.id = ?", id), listing.Page{Number: 1, Size: 1})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.NotFoundThing("contact_message")
	}
	return &rows[0], nil
}

type contactRow struct {
	ContactMessageRow
	UserName  string
	UserEmail string
}

func (s *Service) listContact(ctx context.Context, where *gorm.DB, page listing.Page) ([]ContactMessage, int64, error) {
	base := s.db.WithContext(ctx).Table("contact_messages m").Where(where)
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count contact messages")
	}
	var rows []contactRow
	err := base.Session(&gorm.Session{}).
		Select("m.*, COALESCE(u.name, '') AS user_name, COALESCE(u.email, '') AS user_email").
		Joins("LEFT JOIN users u ON u.id = m.user_id").
		Order("m.created_at DESC, m.id DESC").Offset(page.Offset()).Limit(page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "contact messages")
	}
	out := make([]ContactMessage, 0, len(rows))
	for _, r := range rows {
		v := ContactMessage{ID: r.ID, Name: r.Name, Email: r.Email, Message: r.Message, CreatedAt: r.CreatedAt}
		if r.UserID != nil {
			v.User = &UserRef{ID: *r.UserID, Name: r.UserName, Email: r.UserEmail}
		}
		out = append(out, v)
	}
	return out, total, nil
}

// DeleteContactMessage removes a contact message (one handled, or spam that got through).
func (s *Service) DeleteContactMessage(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var row ContactMessageRow
		err := tx.First(&row, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return apperr.NotFoundThing("contact_message")
		}
		if err != nil {
			return apperr.Wrap(err, "contact message")
		}
		if err := tx.Delete(&ContactMessageRow{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete contact message")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.ContactMessageDeleted, SubjectType: activity.SubjectContactMessage,
			SubjectID: id, Old: map[string]any{"name": row.Name, "email": row.Email, "message": row.Message}})
	})
}
