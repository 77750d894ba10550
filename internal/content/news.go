package content

import (
	"context"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/richtext"
)

// News limits: the title as the spec's shorter reading (255), the body as stored HTML.
const (
	NewsTitleMax = 255
	NewsBodyMax  = 100_000
	// ExcerptRunes is the length of a news item's excerpt in the public list.
	ExcerptRunes = 200
)

// News is a news post. PublishedAt is when it was added (the list's order).
type News struct {
	ID          uint64
	Title       string
	Body        string
	ImageKey    string
	PublishedAt time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (News) TableName() string { return "news" }

// NewsInput is the news form: title and body required; the image optional (nil keeps the
// stored one on update; RemoveImage drops it). Body is the editor's HTML, sanitized here.
type NewsInput struct {
	Title       string
	Body        string
	Image       io.Reader
	RemoveImage bool
}

// NewsFilter is the admin list's search on the title.
type NewsFilter struct {
	Search string `form:"search"`
}

// ListNews is a page of news, newest first.
func (s *Service) ListNews(ctx context.Context, f NewsFilter, page listing.Page) ([]News, int64, error) {
	q := s.db.WithContext(ctx).Model(&News{})
	if t := strings.TrimSpace(f.Search); t != "" {
		q = q.Where("LOWER(title) LIKE ?"+db.LikeEscape, db.LikeContains(strings.ToLower(t)))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count news")
	}
	var rows []News
	if err := q.Order("published_at DESC, id DESC").Offset(page.Offset()).Limit(page.Size).Find(&rows).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list news")
	}
	return rows, total, nil
}

// GetNews is one news item; 404 'Vest ne postoji ili je izbrisana.'.
func (s *Service) GetNews(ctx context.Context, id uint64) (*News, error) {
	var n News
	if err := s.db.WithContext(ctx).Where("id = ?", id).Limit(1).Find(&n).Error; err != nil {
		return nil, apperr.Wrap(err, "find news")
	}
	if n.ID == 0 {
		return nil, apperr.NotFoundThing("news")
	}
	return &n, nil
}

func checkNews(in *NewsInput) error {
	in.Title = strings.TrimSpace(in.Title)
	in.Body = richtext.Sanitize(in.Body)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(in.Title); {
	case n == 0:
		fields = append(fields, apperr.Field("title", "validation.required"))
	case n > NewsTitleMax:
		fields = append(fields, apperr.Field("title", "validation.max_chars", "n", NewsTitleMax))
	}
	switch n := utf8.RuneCountInString(in.Body); {
	case n == 0:
		fields = append(fields, apperr.Field("body", "validation.required"))
	case n > NewsBodyMax:
		fields = append(fields, apperr.Field("body", "validation.max_chars", "n", NewsBodyMax))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	return nil
}

// CreateNews adds a news item, published now.
func (s *Service) CreateNews(ctx context.Context, in NewsInput) (*News, error) {
	if err := checkNews(&in); err != nil {
		return nil, err
	}
	img := ""
	if in.Image != nil {
		var err error
		if img, err = s.storeImage(ctx, in.Image, "image", "news"); err != nil {
			return nil, err
		}
	}
	now := s.now()
	n := News{Title: in.Title, Body: in.Body, ImageKey: img, PublishedAt: now, CreatedAt: now, UpdatedAt: now}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&n).Error; err != nil {
			return apperr.Wrap(err, "create news")
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityNewsCreated, SubjectType: subjectNews, SubjectID: n.ID, New: newsValues(n)})
	})
	if err != nil {
		s.deleteObjects(ctx, img)
		return nil, err
	}
	return &n, nil
}

// UpdateNews replaces a news item's title and body, and its image when one is sent.
func (s *Service) UpdateNews(ctx context.Context, id uint64, in NewsInput) (*News, error) {
	old, err := s.GetNews(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkNews(&in); err != nil {
		return nil, err
	}
	img, replaced := old.ImageKey, ""
	switch {
	case in.Image != nil:
		if img, err = s.storeImage(ctx, in.Image, "image", "news"); err != nil {
			return nil, err
		}
		replaced = old.ImageKey
	case in.RemoveImage:
		img, replaced = "", old.ImageKey
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&News{}).Where("id = ?", id).
			Updates(map[string]any{"title": in.Title, "body": in.Body, "image_key": img, "updated_at": s.now()})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "update news")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("news")
		}
		now := *old
		now.Title, now.Body, now.ImageKey = in.Title, in.Body, img
		return activity.Record(ctx, tx, activity.Change{Type: ActivityNewsUpdated, SubjectType: subjectNews, SubjectID: id,
			Old: newsValues(*old), New: newsValues(now)})
	})
	if err != nil {
		if img != old.ImageKey {
			s.deleteObjects(ctx, img)
		}
		return nil, err
	}
	s.deleteObjects(ctx, replaced)
	return s.GetNews(ctx, id)
}

// DeleteNews removes a news item and its image.
func (s *Service) DeleteNews(ctx context.Context, id uint64) error {
	old, err := s.GetNews(ctx, id)
	if err != nil {
		return err
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("id = ?", id).Delete(&News{}).Error; err != nil {
			return apperr.Wrap(err, "delete news")
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityNewsDeleted, SubjectType: subjectNews, SubjectID: id, Old: newsValues(*old)})
	})
	if err != nil {
		return err
	}
	s.deleteObjects(ctx, old.ImageKey)
	return nil
}

// EachNews streams every news item's id and last change, newest first (the sitemap's news
// file: one statement read row by row).
func (s *Service) EachNews(ctx context.Context, fn func(id uint64, updated time.Time) error) error {
	rows, err := s.db.WithContext(ctx).Model(&News{}).Select("id, updated_at").Order("published_at DESC, id DESC").Rows()
	if err != nil {
		return apperr.Wrap(err, "sitemap news")
	}
	defer rows.Close()
	for rows.Next() {
		var r struct {
			ID        uint64
			UpdatedAt time.Time
		}
		if err := s.db.ScanRows(rows, &r); err != nil {
			return apperr.Wrap(err, "sitemap news item")
		}
		if err := fn(r.ID, r.UpdatedAt); err != nil {
			return err
		}
	}
	return apperr.Wrap(rows.Err(), "sitemap news")
}
