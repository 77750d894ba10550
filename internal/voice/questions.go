package voice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/mail"
	"shop/internal/platform/queue"
)

// QuestionRow is a row of questions.
type QuestionRow struct {
	ID         uint64 `gorm:"primaryKey"`
	ProductID  uint64
	UserID     *uint64
	Name       string
	Email      string
	Question   string
	Answer     string
	AnsweredAt *time.Time
	AnsweredBy *uint64
	Lang       string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (QuestionRow) TableName() string { return "questions" }

// QuestionInput is the product page's question form (spec 3: name, question); Email is
// optional (a guest who wants the answer by mail; a customer's own address is used otherwise).
type QuestionInput struct {
	Name     string
	Question string
	Email    string
}

// Question is a question as the admin sees it; the storefront shows the answered ones.
type Question struct {
	ID         uint64
	Product    ProductRef
	Name       string
	Email      string
	Question   string
	Answer     string
	Answered   bool
	AnsweredAt *time.Time
	// User is the customer who asked (nil: a guest).
	User      *UserRef
	CreatedAt time.Time
	UpdatedAt time.Time
}

// checkName and checkQuestion are spec 5's question form rules with its messages.
func checkName(field, name string) []apperr.FieldError {
	switch n := runes(name); {
	case n == 0:
		return []apperr.FieldError{apperr.Field(field, "voice.name_required")}
	case n < NameMin:
		return []apperr.FieldError{apperr.Field(field, "voice.name_min")}
	case n > NameMax:
		return []apperr.FieldError{apperr.Field(field, "voice.name_max")}
	}
	return nil
}

func checkQuestion(field, q string) []apperr.FieldError {
	switch n := runes(q); {
	case n == 0:
		return []apperr.FieldError{apperr.Field(field, "voice.question_required")}
	case n < TextMin:
		return []apperr.FieldError{apperr.Field(field, "voice.question_min")}
	case n > TextMax:
		return []apperr.FieldError{apperr.Field(field, "voice.question_max")}
	}
	return nil
}

// Ask stores a question about the product under slug; staff answer it before it is shown.
func (s *Service) Ask(ctx context.Context, slug string, c Client, in QuestionInput) error {
	p, err := s.productBySlug(ctx, slug)
	if err != nil {
		return err
	}
	in.Name, in.Question, in.Email = Plain(in.Name), Plain(in.Question), normalizeEmail(in.Email)
	fields := append(checkName("name", in.Name), checkQuestion("question", in.Question)...)
	if in.Email != "" && !validEmail(in.Email) {
		fields = append(fields, apperr.Field("email", "voice.email_invalid"))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "question", c, in.Email); err != nil {
		return err
	}
	now := s.now()
	row := QuestionRow{ProductID: p.ID, Name: in.Name, Email: in.Email, Question: in.Question, Lang: langOf(c.Lang), CreatedAt: now, UpdatedAt: now}
	if c.UserID != 0 {
		uid := c.UserID
		row.UserID = &uid
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.QuestionCreated, SubjectType: activity.SubjectQuestion, SubjectID: row.ID,
			New: map[string]any{"product_id": p.ID, "name": in.Name, "question": in.Question}})
	})
	return apperr.Wrap(err, "ask")
}

// AnsweredQuestions answers a product's answered questions, newest first.
func (s *Service) AnsweredQuestions(ctx context.Context, productID uint64) ([]Question, error) {
	rows, _, err := s.listQuestions(ctx, s.db.WithContext(ctx).Where("q.product_id = ? AND q.answered_at IS NOT NULL", productID),
		listing.Page{Number: 1, Size: 200})
	return rows, err
}

// QuestionFilter narrows the questions: Status answered, unanswered or "" (all).
type QuestionFilter struct {
	Status    string
	ProductID uint64
	Page      listing.Page
}

// Questions answers a page of questions for the admin, newest first.
func (s *Service) Questions(ctx context.Context, f QuestionFilter) ([]Question, int64, error) {
	q := s.db.WithContext(ctx).Where("1 = 1")
	switch f.Status {
	case "answered":
		q = q.Where("q.answered_at IS NOT NULL")
	case "unanswered":
		q = q.Where("q.answered_at IS NULL")
	}
	if f.ProductID != 0 {
		q = q.Where("q.product_id = ?", f.ProductID)
	}
	return s.listQuestions(ctx, q, f.Page)
}

type questionRow struct {
	QuestionRow
	ProductSKU  string
	ProductName string
	ProductSlug string
	UserName    string
	UserEmail   string
}

func (s *Service) listQuestions(ctx context.Context, where *gorm.DB, page listing.Page) ([]Question, int64, error) {
	base := s.db.WithContext(ctx).Table("questions q").Where(where)
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count questions")
	}
	var rows []questionRow
	err := base.Session(&gorm.Session{}).
		Select("q.*, p.sku AS product_sku, p.name AS product_name, p.slug AS product_slug, COALESCE(u.name, '') AS user_name, COALESCE(u.email, '') AS user_email").
		Joins("JOIN product_summaries p ON p.id = q.product_id").Joins("LEFT JOIN users u ON u.id = q.user_id").
		Order("q.created_at DESC, q.id DESC").Offset(page.Offset()).Limit(page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "questions")
	}
	out := make([]Question, 0, len(rows))
	for _, r := range rows {
		v := Question{ID: r.ID, Product: ProductRef{ID: r.ProductID, SKU: r.ProductSKU, Name: r.ProductName, Slug: r.ProductSlug},
			Name: r.Name, Email: r.Email, Question: r.QuestionRow.Question, Answer: r.Answer, Answered: r.AnsweredAt != nil,
			AnsweredAt: r.AnsweredAt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		if r.UserID != nil {
			v.User = &UserRef{ID: *r.UserID, Name: r.UserName, Email: r.UserEmail}
		}
		out = append(out, v)
	}
	return out, total, nil
}

// GetQuestion answers one question.
func (s *Service) GetQuestion(ctx context.Context, id uint64) (*Question, error) {
	rows, _, err := s.listQuestions(ctx, s.db.WithContext(ctx).Where("q.id = ?", id), listing.Page{Number: 1, Size: 1})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.NotFoundThing("question")
	}
	return &rows[0], nil
}

func checkAnswer(a string) []apperr.FieldError {
	switch n := runes(a); {
	case n == 0:
		return []apperr.FieldError{apperr.Field("answer", "validation.required")}
	case n > AnswerMax:
		return []apperr.FieldError{apperr.Field("answer", "validation.max_chars", "n", AnswerMax)}
	}
	return nil
}

// AnswerQuestion answers (or answers again) a question; the asker gets the answer by mail
// when there is an address (the one given, else the customer's own).
func (s *Service) AnswerQuestion(ctx context.Context, id uint64, answer string) (*Question, error) {
	answer = Plain(answer)
	if f := checkAnswer(answer); len(f) > 0 {
		return nil, apperr.InvalidFields(f...)
	}
	now := s.now()
	var row QuestionRow
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		row, err = s.findQuestion(tx, id)
		if err != nil {
			return err
		}
		old := questionValues(row)
		by := actor.From(ctx).UserID
		set := map[string]any{"answer": answer, "answered_at": now, "updated_at": now}
		if by != 0 {
			set["answered_by"] = by
		}
		if err := tx.Model(&row).Updates(set).Error; err != nil {
			return apperr.Wrap(err, "answer question")
		}
		row.Answer, row.AnsweredAt = answer, &now
		return activity.Record(ctx, tx, activity.Change{Type: activity.QuestionAnswered, SubjectType: activity.SubjectQuestion,
			SubjectID: id, Old: old, New: questionValues(row)})
	})
	if err != nil {
		return nil, err
	}
	if err := s.mailAnswer(ctx, row); err != nil {
		// The answer stands; the mail is the customer's convenience, and the log says why it failed.
		s.log.ErrorContext(ctx, "answer mail not queued", "question_id", id, "error", err.Error())
	}
	return s.GetQuestion(ctx, id)
}

func (s *Service) mailAnswer(ctx context.Context, q QuestionRow) error {
	to := q.Email
	if to == "" && q.UserID != nil {
		users, err := s.users.UserContacts(ctx, []uint64{*q.UserID})
		if err != nil {
			return err
		}
		to = users[*q.UserID].Email
	}
	if to == "" {
		return nil
	}
	p, err := s.findProduct(ctx, "p.id = ?", q.ProductID)
	link := ""
	if err == nil {
		link = s.productURL(p)
	}
	var name string
	if p != nil {
		name = p.Name
	}
	lang := i18n.Lang(q.Lang)
	args := map[string]any{"product": name, "question": q.Question, "answer": q.Answer, "url": link, "name": q.Name}
	m := mail.Message{To: to, Subject: i18n.T(lang, "voice.mail.answer_subject", args), Body: i18n.T(lang, "voice.mail.answer_body", args)}
	// One mail per answer: a retry of the same answer is the same task.
	t, err := queue.NewVoiceMailTask(m, fmt.Sprintf("answer:%d:%d", q.ID, q.AnsweredAt.UnixNano()))
	if err != nil {
		return err
	}
	_, err = s.enq.Enqueue(ctx, t)
	if queue.Duplicate(err) {
		return nil
	}
	return err
}

// QuestionUpdate is the admin's edit of a question: any field given is replaced.
type QuestionUpdate struct {
	Name     *string
	Question *string
	Answer   *string
}

// UpdateQuestion edits a question (no mail: an edit corrects, the answer call tells).
func (s *Service) UpdateQuestion(ctx context.Context, id uint64, in QuestionUpdate) (*Question, error) {
	var fields []apperr.FieldError
	set := map[string]any{}
	if in.Name != nil {
		v := Plain(*in.Name)
		fields = append(fields, checkName("name", v)...)
		set["name"] = v
	}
	if in.Question != nil {
		v := Plain(*in.Question)
		fields = append(fields, checkQuestion("question", v)...)
		set["question"] = v
	}
	if in.Answer != nil {
		v := Plain(*in.Answer)
		if runes(v) > AnswerMax {
			fields = append(fields, apperr.Field("answer", "validation.max_chars", "n", AnswerMax))
		}
		set["answer"] = v
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row, err := s.findQuestion(tx, id)
		if err != nil {
			return err
		}
		old := questionValues(row)
		now := s.now()
		if a, ok := set["answer"]; ok {
			// An emptied answer makes the question unanswered again; a first answer answers it.
			if a == "" {
				set["answered_at"] = nil
			} else if row.AnsweredAt == nil {
				set["answered_at"] = now
			}
		}
		set["updated_at"] = now
		if err := tx.Model(&row).Updates(set).Error; err != nil {
			return apperr.Wrap(err, "update question")
		}
		if row, err = s.findQuestion(tx, id); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.QuestionUpdated, SubjectType: activity.SubjectQuestion,
			SubjectID: id, Old: old, New: questionValues(row)})
	})
	if err != nil {
		return nil, err
	}
	return s.GetQuestion(ctx, id)
}

// DeleteQuestion removes a question.
func (s *Service) DeleteQuestion(ctx context.Context, id uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row, err := s.findQuestion(tx, id)
		if err != nil {
			return err
		}
		if err := tx.Delete(&QuestionRow{}, id).Error; err != nil {
			return apperr.Wrap(err, "delete question")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.QuestionDeleted, SubjectType: activity.SubjectQuestion,
			SubjectID: id, Old: questionValues(row)})
	})
}

func (s *Service) findQuestion(tx *gorm.DB, id uint64) (QuestionRow, error) {
	var row QuestionRow
	err := tx.First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, apperr.NotFoundThing("question")
	}
	return row, apperr.Wrap(err, "question")
}

func questionValues(q QuestionRow) map[string]any {
	return map[string]any{"product_id": q.ProductID, "name": q.Name, "question": q.Question, "answer": q.Answer,
		"answered": q.AnsweredAt != nil, "user_id": q.UserID, "email": q.Email}
}
