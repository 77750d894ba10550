// Package partners keeps the API clients (partner shops) with their per-category percentages,
// serves each its product feed at a secret URL, and makes the named products exports (XLSX).
package partners

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// Notifier tells a user how a job ended.
type Notifier interface {
	Notify(ctx context.Context, userID uint64, typ string, data any) error
}

// Limiter counts a client's feed fetches (the shared Redis limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Options give the storefront's address the feed URLs start with, and the fetch limit.
type Options struct {
	PublicURL         string
	RequestsPerMinute int
}

// Service is the API clients (partners) and their feeds.
type Service struct {
	db      *gorm.DB
	blobs   blob.Store
	enq     *queue.Enqueuer
	notify  Notifier
	limiter Limiter
	log     *slog.Logger
	clk     clock.Clock
	opts    Options
}

// NewService builds the service; an empty PublicURL is http://localhost:8080.
func NewService(db *gorm.DB, blobs blob.Store, enq *queue.Enqueuer, n Notifier, l Limiter, log *slog.Logger, clk clock.Clock, o Options) *Service {
	if o.PublicURL == "" {
		o.PublicURL = "http://localhost:8080"
	}
	o.PublicURL = strings.TrimRight(o.PublicURL, "/")
	if o.RequestsPerMinute <= 0 {
		o.RequestsPerMinute = 60
	}
	return &Service{db: db, blobs: blobs, enq: enq, notify: n, limiter: l, log: log, clk: clk, opts: o}
}

// apiClient is a row of api_clients.
type apiClient struct {
	ID        uint64 `gorm:"primaryKey"`
	Name      string
	Active    bool
	Token     string
	LabelText string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (apiClient) TableName() string { return "api_clients" }

type apiClientCategory struct {
	APIClientID   uint64 `gorm:"column:api_client_id;primaryKey;autoIncrement:false"`
	CategoryID    uint64 `gorm:"primaryKey;autoIncrement:false"`
	PercentageBps int
}

func (apiClientCategory) TableName() string { return "api_client_categories" }

// Client is an API client as the admin sees it.
type Client struct {
	ID        uint64
	Name      string
	Active    bool
	LabelText string
	// APIURL is the secret feed URL (JSON; the same with .csv gives CSV).
	APIURL     string
	Categories []ClientCategory
}

// ClientCategory is one category of a client with its percentage.
type ClientCategory struct {
	ID         uint64
	Name       string
	Percentage money.Bps
}

// CategoryPercentage is one category of a create or update request.
type CategoryPercentage struct {
	ID         uint64
	Percentage money.Bps
}

// Category is a category a client can get a percentage for.
type Category struct {
	ID   uint64
	Name string
}

// FeedPath is where a client's feed is served (its token and the extension follow).
const FeedPath = "/partner-feeds/"

func (s *Service) apiURL(token string) string { return s.opts.PublicURL + FeedPath + token + ".json" }

// List answers every client with its categories, by id (the screen pages on the client).
func (s *Service) List(ctx context.Context) ([]Client, error) {
	var rows []apiClient
	if err := s.db.WithContext(ctx).Order("id").Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "api clients")
	}
	return s.withCategories(ctx, rows)
}

// Get answers one client.
func (s *Service) Get(ctx context.Context, id uint64) (*Client, error) {
	row, err := s.find(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	out, err := s.withCategories(ctx, []apiClient{*row})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

func (s *Service) find(ctx context.Context, tx *gorm.DB, id uint64) (*apiClient, error) {
	var row apiClient
	err := tx.WithContext(ctx).First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("api_client")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "api client")
	}
	return &row, nil
}

func (s *Service) withCategories(ctx context.Context, rows []apiClient) ([]Client, error) {
	out := make([]Client, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var cats []struct {
		APIClientID   uint64
		CategoryID    uint64
		Name          string
		PercentageBps int
	}
	err := s.db.WithContext(ctx).Table("api_client_categories ac").
		Select("ac.api_client_id, ac.category_id, c.name, ac.percentage_bps").
		Joins("JOIN categories c ON c.id = ac.category_id").
		Where("ac.api_client_id IN ?", ids).Order("c.name, ac.category_id").Scan(&cats).Error
	if err != nil {
		return nil, apperr.Wrap(err, "api client categories")
	}
	by := map[uint64][]ClientCategory{}
	for _, c := range cats {
		by[c.APIClientID] = append(by[c.APIClientID], ClientCategory{ID: c.CategoryID, Name: c.Name, Percentage: money.Bps(c.PercentageBps)})
	}
	for _, r := range rows {
		cs := by[r.ID]
		if cs == nil {
			cs = []ClientCategory{}
		}
		out = append(out, Client{ID: r.ID, Name: r.Name, Active: r.Active, LabelText: r.LabelText, APIURL: s.apiURL(r.Token), Categories: cs})
	}
	return out, nil
}

// Categories answers the categories a client can get a percentage for, each once, by name.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	var out []Category
	err := s.db.WithContext(ctx).Table("categories").Select("DISTINCT id, name").Order("name, id").Scan(&out).Error
	if err != nil {
		return nil, apperr.Wrap(err, "categories")
	}
	return out, nil
}

// Create adds a client with a fresh secret URL. The name is 2-255 characters; each category
// sent with a percentage must exist, and its percentage be above 0 and below 100 (a category
// sent with no percentage, or 0, is left out, as the screen's update does).
func (s *Service) Create(ctx context.Context, name string, cats []CategoryPercentage) (*Client, error) {
	name = strings.TrimSpace(name)
	fields := checkName(name)
	kept, catFields := checkCategories(cats)
	fields = append(fields, catFields...)
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	now := s.clk.Now()
	row := apiClient{Name: name, Active: true, Token: newToken(), CreatedAt: now, UpdatedAt: now}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.checkCategoriesExist(tx, kept); err != nil {
			return err
		}
		if err := tx.Create(&row).Error; err != nil {
			return apperr.Wrap(err, "create api client")
		}
		if err := s.replaceCategories(tx, row.ID, kept); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityCreated, SubjectType: ActivitySubject, SubjectID: row.ID,
			New: map[string]any{"name": row.Name, "categories": activityCategories(kept)}})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, row.ID)
}

// Update replaces a client's categories and percentages (and its name or label text when
// given).
func (s *Service) Update(ctx context.Context, id uint64, name, labelText *string, cats []CategoryPercentage) (*Client, error) {
	var fields []apperr.FieldError
	if name != nil {
		*name = strings.TrimSpace(*name)
		fields = append(fields, checkName(*name)...)
	}
	if labelText != nil && utf8.RuneCountInString(*labelText) > 255 {
		fields = append(fields, apperr.Field("label_text", "validation.max_chars", "n", 255))
	}
	kept, catFields := checkCategories(cats)
	fields = append(fields, catFields...)
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.checkCategoriesExist(tx, kept); err != nil {
			return err
		}
		var had []apiClientCategory
		if err := tx.Where("api_client_id = ?", id).Order("category_id").Find(&had).Error; err != nil {
			return apperr.Wrap(err, "api client categories")
		}
		oldCats := make([]CategoryPercentage, 0, len(had))
		for _, h := range had {
			oldCats = append(oldCats, CategoryPercentage{ID: h.CategoryID, Percentage: money.Bps(h.PercentageBps)})
		}
		old := map[string]any{"categories": activityCategories(oldCats)}
		changed := map[string]any{"categories": activityCategories(kept)}
		set := map[string]any{"updated_at": s.clk.Now()}
		if name != nil {
			set["name"] = *name
			old["name"], changed["name"] = before.Name, *name
		}
		if labelText != nil {
			set["label_text"] = *labelText
			old["label_text"], changed["label_text"] = before.LabelText, *labelText
		}
		if err := tx.Model(&apiClient{}).Where("id = ?", id).Updates(set).Error; err != nil {
			return apperr.Wrap(err, "update api client")
		}
		if err := s.replaceCategories(tx, id, kept); err != nil {
			return err
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUpdated, SubjectType: ActivitySubject, SubjectID: id, Old: old, New: changed})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// SetActive switches a client on or off; an inactive client's feed answers 403.
func (s *Service) SetActive(ctx context.Context, id uint64, active bool) (*Client, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := tx.Model(&apiClient{}).Where("id = ?", id).Updates(map[string]any{"active": active, "updated_at": s.clk.Now()}).Error; err != nil {
			return apperr.Wrap(err, "api client status")
		}
		if before.Active == active {
			return nil
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityUpdated, SubjectType: ActivitySubject, SubjectID: id,
			Old: map[string]any{"active": before.Active}, New: map[string]any{"active": active}})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Rotate gives a client a new secret URL; the old one stops working at once.
func (s *Service) Rotate(ctx context.Context, id uint64) (*Client, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&apiClient{}).Where("id = ?", id).Updates(map[string]any{"token": newToken(), "updated_at": s.clk.Now()})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "rotate api client")
		}
		if res.RowsAffected == 0 {
			return apperr.NotFoundThing("api_client")
		}
		// the secret itself never goes into the log
		return activity.Record(ctx, tx, activity.Change{Type: ActivityRotated, SubjectType: ActivitySubject, SubjectID: id})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// Activity entries of the API clients.
const (
	ActivityCreated = "api_client.created"
	ActivityUpdated = "api_client.updated"
	ActivityRotated = "api_client.rotated"
	ActivitySubject = "api_client"
)

// activityCategories is a client's categories as the log keeps them: id and percentage.
func activityCategories(cats []CategoryPercentage) []map[string]any {
	out := make([]map[string]any, 0, len(cats))
	for _, c := range cats {
		out = append(out, map[string]any{"id": c.ID, "percentage": c.Percentage})
	}
	return out
}

func (s *Service) replaceCategories(tx *gorm.DB, id uint64, cats []CategoryPercentage) error {
	if err := tx.Where("api_client_id = ?", id).Delete(&apiClientCategory{}).Error; err != nil {
		return apperr.Wrap(err, "api client categories")
	}
	if len(cats) == 0 {
		return nil
	}
	rows := make([]apiClientCategory, len(cats))
	for i, c := range cats {
		rows[i] = apiClientCategory{APIClientID: id, CategoryID: c.ID, PercentageBps: int(c.Percentage)}
	}
	return apperr.Wrap(tx.Create(&rows).Error, "api client categories")
}

func (s *Service) checkCategoriesExist(tx *gorm.DB, cats []CategoryPercentage) error {
	if len(cats) == 0 {
		return nil
	}
	ids := make([]uint64, len(cats))
	for i, c := range cats {
		ids[i] = c.ID
	}
	var found []uint64
	if err := tx.Table("categories").Where("id IN ?", ids).Pluck("id", &found).Error; err != nil {
		return apperr.Wrap(err, "categories")
	}
	have := map[uint64]bool{}
	for _, id := range found {
		have[id] = true
	}
	var fields []apperr.FieldError
	for i, c := range cats {
		if !have[c.ID] {
			fields = append(fields, apperr.Field(categoryField(i, "id"), "api_client.unknown_category"))
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	return nil
}

func checkName(name string) []apperr.FieldError {
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		return []apperr.FieldError{apperr.Field("name", "validation.required")}
	case n < 2:
		return []apperr.FieldError{apperr.Field("name", "validation.min_chars", "n", 2)}
	case n > 255:
		return []apperr.FieldError{apperr.Field("name", "validation.max_chars", "n", 255)}
	}
	return nil
}

// checkCategories drops categories with no percentage (0), keeps the last of a repeated id,
// and checks 0 < percentage < 100.
func checkCategories(cats []CategoryPercentage) ([]CategoryPercentage, []apperr.FieldError) {
	var fields []apperr.FieldError
	by := map[uint64]CategoryPercentage{}
	for i, c := range cats {
		switch {
		case c.ID == 0:
			fields = append(fields, apperr.Field(categoryField(i, "id"), "validation.required"))
		case c.Percentage == 0:
			delete(by, c.ID)
		case c.Percentage < 0:
			fields = append(fields, apperr.Field(categoryField(i, "percentage"), "validation.gt", "n", 0))
		case c.Percentage >= 10000:
			fields = append(fields, apperr.Field(categoryField(i, "percentage"), "validation.lt", "n", 100))
		default:
			by[c.ID] = c
		}
	}
	kept := make([]CategoryPercentage, 0, len(by))
	for _, c := range by {
		kept = append(kept, c)
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].ID < kept[j].ID })
	return kept, fields
}

func categoryField(i int, name string) string {
	return "categories." + strconv.Itoa(i) + "." + name
}

// newToken is 32 random bytes in hex: the secret part of a feed URL.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
