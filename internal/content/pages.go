package content

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/richtext"
)

// PageSlugs are the storefront's static pages (catalogue-and-storefront.md 1, the contracts'
// list): the slug is the Serbian path without the leading '/'. Staff edit these; no other slug
// can be made (the storefront has a route for each of these only).
var PageSlugs = []string{
	"uslovi-isporuke", "uslovi-koriscenja", "politika-privatnosti", "prava-potrosaca", "obrazac-za-reklamaciju",
	"obrazac-za-raskid-ugovora", "pomoc-i-online-kupovina", "nacini-placanja", "placanje-na-rate", "placanje-gotovinom",
	"beskamatni-cekovi", "placanje-platnim-karticama", "povracaj-pdv-a", "servis", "servis-laptopova", "servis-racunara",
	"servis-stampaca", "servis-monitora", "servis-racunarskih-mreza", "servis-kontakt", "o-nama", "kontakt",
	"zaposlenje", "otvorene-pozicije", "web-kredit", "opremanje-kancelarija", "opremanje-doma", "e-trust",
}

// Page limits.
const (
	PageTitleMax = 255
	PageBodyMax  = 200_000
)

// Page is an editable static page in both languages.
type Page struct {
	Slug      string `gorm:"primaryKey"`
	TitleSr   string
	TitleEn   string
	BodySr    string
	BodyEn    string
	UpdatedAt time.Time
}

func (Page) TableName() string { return "pages" }

// Title is the page's title in lang ("en" or "sr"); an English title not written yet falls
// back to the Serbian one.
func (p *Page) Title(lang string) string {
	if lang == "en" && p.TitleEn != "" {
		return p.TitleEn
	}
	return p.TitleSr
}

// Body is the page's text in lang, falling back to the Serbian text as Title does.
func (p *Page) Body(lang string) string {
	if lang == "en" && p.BodyEn != "" {
		return p.BodyEn
	}
	return p.BodySr
}

// KnownPage tells whether slug is one of PageSlugs.
func KnownPage(slug string) bool {
	for _, s := range PageSlugs {
		if s == slug {
			return true
		}
	}
	return false
}

// Pages are the static pages in PageSlugs' order. With all, a page not written yet is there
// with empty texts (the admin list shows every page it can edit); without, only written ones.
func (s *Service) Pages(ctx context.Context, all bool) ([]Page, error) {
	var rows []Page
	if err := s.db.WithContext(ctx).Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "list pages")
	}
	by := map[string]Page{}
	for _, p := range rows {
		by[p.Slug] = p
	}
	out := make([]Page, 0, len(PageSlugs))
	for _, slug := range PageSlugs {
		if p, ok := by[slug]; ok {
			out = append(out, p)
		} else if all {
			out = append(out, Page{Slug: slug})
		}
	}
	return out, nil
}

// GetPage is one written page; 404 'Stranica ne postoji ili je izbrisana.' for any other slug.
func (s *Service) GetPage(ctx context.Context, slug string) (*Page, error) {
	if !KnownPage(slug) {
		return nil, apperr.NotFoundThing("page")
	}
	var p Page
	if err := s.db.WithContext(ctx).Where("slug = ?", slug).Limit(1).Find(&p).Error; err != nil {
		return nil, apperr.Wrap(err, "find page")
	}
	if p.Slug == "" {
		return nil, apperr.NotFoundThing("page")
	}
	return &p, nil
}

// PageInput is the page form: the Serbian title and body are required, the English ones
// optional (the storefront falls back to Serbian). Bodies are sanitized HTML.
type PageInput struct {
	TitleSr, TitleEn, BodySr, BodyEn string
}

func checkPage(in *PageInput) error {
	in.TitleSr, in.TitleEn = strings.TrimSpace(in.TitleSr), strings.TrimSpace(in.TitleEn)
	in.BodySr, in.BodyEn = richtext.Sanitize(in.BodySr), richtext.Sanitize(in.BodyEn)
	var fields []apperr.FieldError
	for _, f := range []struct {
		name, v  string
		required bool
		max      int
	}{{"title_sr", in.TitleSr, true, PageTitleMax}, {"title_en", in.TitleEn, false, PageTitleMax},
		{"body_sr", in.BodySr, true, PageBodyMax}, {"body_en", in.BodyEn, false, PageBodyMax}} {
		n := utf8.RuneCountInString(f.v)
		switch {
		case n == 0 && f.required:
			fields = append(fields, apperr.Field(f.name, "validation.required"))
		case n > f.max:
			fields = append(fields, apperr.Field(f.name, "validation.max_chars", "n", f.max))
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	return nil
}

// SavePage writes one of PageSlugs (creating its row the first time).
func (s *Service) SavePage(ctx context.Context, slug string, in PageInput) (*Page, error) {
	if !KnownPage(slug) {
		return nil, apperr.NotFoundThing("page")
	}
	if err := checkPage(&in); err != nil {
		return nil, err
	}
	p := Page{Slug: slug, TitleSr: in.TitleSr, TitleEn: in.TitleEn, BodySr: in.BodySr, BodyEn: in.BodyEn, UpdatedAt: s.now()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var before Page
		if err := tx.Where("slug = ?", slug).Limit(1).Find(&before).Error; err != nil {
			return err
		}
		if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "slug"}},
			DoUpdates: clause.AssignmentColumns([]string{"title_sr", "title_en", "body_sr", "body_en", "updated_at"})}).Create(&p).Error; err != nil {
			return err
		}
		var old any
		if before.Slug != "" {
			old = pageValues(before)
		}
		return activity.Record(ctx, tx, activity.Change{Type: ActivityPageUpdated, SubjectType: subjectPage, Old: old, New: pageValues(p)})
	})
	if err != nil {
		return nil, apperr.Wrap(err, "save page")
	}
	return s.GetPage(ctx, slug)
}

// SeedPages writes the pages of defaults that have no row yet (the demo's texts); a page
// staff have written is never overwritten. It answers how many it wrote.
func (s *Service) SeedPages(ctx context.Context, defaults map[string]PageInput) (int, error) {
	n := 0
	for _, slug := range PageSlugs {
		in, ok := defaults[slug]
		if !ok {
			continue
		}
		if err := checkPage(&in); err != nil {
			return n, err
		}
		p := Page{Slug: slug, TitleSr: in.TitleSr, TitleEn: in.TitleEn, BodySr: in.BodySr, BodyEn: in.BodyEn, UpdatedAt: s.now()}
		res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&p)
		if res.Error != nil {
			return n, apperr.Wrap(res.Error, "seed page")
		}
		n += int(res.RowsAffected)
	}
	return n, nil
}

// AdminPage is one of PageSlugs for the edit form: a page not written yet has empty texts.
func (s *Service) AdminPage(ctx context.Context, slug string) (*Page, error) {
	p, err := s.GetPage(ctx, slug)
	if apperr.Is(err, apperr.NotFound) && KnownPage(slug) {
		return &Page{Slug: slug}, nil
	}
	return p, err
}
