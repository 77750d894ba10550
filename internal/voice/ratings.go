package voice

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// RatingRow is a row of ratings (exported: the admin list embeds it in its scan).
type RatingRow struct {
	ID        uint64 `gorm:"primaryKey"`
	ProductID uint64
	UserID    *uint64 // nil: a guest's, who left Name and Email
	Name      string
	Email     string
	Rating    int
	Comment   string
	Approved  bool
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt *time.Time
}

func (RatingRow) TableName() string { return "ratings" }

// RatingInput is a rating of a product: 1-5 and an optional comment; a guest also gives a
// name (the question form's rules) and an e-mail (required: the per-address limit counts it,
// and staff can write back).
type RatingInput struct {
	Rating  int
	Comment string
	Name    string
	Email   string
}

// Rating is a rating as the admin sees it (and, without the e-mail, the storefront).
type Rating struct {
	ID      uint64
	Product ProductRef
	// User is the customer who rated, or for a guest (ID 0) the name and e-mail given.
	User      UserRef
	Guest     bool
	Rating    int
	Comment   string
	Approved  bool
	Deleted   bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Rate stores a rating of the product under slug by a customer or a guest; staff approve it
// before it is shown. One rating per customer and product: a second post edits the first (and
// sends it back to approval, since staff approved other words). A guest's every post is a new
// rating, bounded like questions per address and per e-mail. Unknown, inactive or hidden
// products are a 404.
func (s *Service) Rate(ctx context.Context, slug string, c Client, in RatingInput) error {
	p, err := s.productBySlug(ctx, slug)
	if err != nil {
		return err
	}
	in.Comment = Plain(in.Comment)
	var fields []apperr.FieldError
	if c.UserID == 0 {
		in.Name, in.Email = Plain(in.Name), normalizeEmail(in.Email)
		fields = append(fields, checkName("name", in.Name)...)
		if in.Email == "" {
			fields = append(fields, apperr.Field("email", "voice.email_required"))
		} else if !validEmail(in.Email) {
			fields = append(fields, apperr.Field("email", "voice.email_invalid"))
		}
	} else {
		in.Name, in.Email = "", "" // the account's own
	}
	if in.Rating == 0 {
		fields = append(fields, apperr.Field("rating", "voice.rating_required"))
	} else if in.Rating < RatingMin || in.Rating > RatingMax {
		fields = append(fields, apperr.Field("rating", "voice.rating_range"))
	}
	if runes(in.Comment) > CommentMax {
		fields = append(fields, apperr.Field("comment", "voice.comment_max", "n", CommentMax))
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	if c.bot() {
		return nil
	}
	if err := s.limit(ctx, "rating", c, in.Email); err != nil {
		return err
	}
	now := s.now()
	row := RatingRow{ProductID: p.ID, Name: in.Name, Email: in.Email, Rating: in.Rating, Comment: in.Comment, CreatedAt: now, UpdatedAt: now}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if c.UserID == 0 {
			if err := tx.Create(&row).Error; err != nil {
				return err
			}
		} else {
			uid := c.UserID
			row.UserID = &uid
			// A customer's second rating of a product replaces the first and waits for approval again.
			err := tx.Clauses(clause.OnConflict{
				Columns: []clause.Column{{Name: "product_id"}, {Name: "user_id"}},
				DoUpdates: clause.Assignments(map[string]any{"rating": in.Rating, "comment": in.Comment, "approved": false,
					"deleted_at": nil, "updated_at": now}),
			}).Create(&row).Error
			if err != nil {
				return err
			}
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.RatingCreated, SubjectType: activity.SubjectRating, SubjectID: row.ID,
			New: map[string]any{"product_id": p.ID, "rating": in.Rating, "comment": in.Comment, "name": in.Name}})
	})
	return apperr.Wrap(err, "rate")
}

// RatingSummary is a product's approved ratings with their average (two decimals) and count.
type RatingSummary struct {
	Ratings []Rating
	// AverageX100 is the average × 100, rounded (4.33 is 433); 0 when none.
	AverageX100 int64
	Count       int64
}

// ApprovedRatings answers a product's approved ratings, newest first, with their average.
func (s *Service) ApprovedRatings(ctx context.Context, productID uint64) (*RatingSummary, error) {
	rows, _, err := s.listRatings(ctx, s.db.WithContext(ctx).Where("r.product_id = ? AND r.approved = ? AND r.deleted_at IS NULL", productID, true),
		listing.Page{Number: 1, Size: 200})
	if err != nil {
		return nil, err
	}
	var agg struct {
		N   int64
		Sum int64
	}
	err = s.db.WithContext(ctx).Table("ratings").Select("COUNT(*) AS n, COALESCE(SUM(rating), 0) AS sum").
		Where("product_id = ? AND approved = ? AND deleted_at IS NULL", productID, true).Scan(&agg).Error
	if err != nil {
		return nil, apperr.Wrap(err, "rating average")
	}
	out := &RatingSummary{Ratings: rows, Count: agg.N}
	if agg.N > 0 {
		out.AverageX100 = (agg.Sum*100*2 + agg.N) / (agg.N * 2)
	}
	return out, nil
}

// RatingFilter narrows the ratings: Status approved, disapproved or "" (all); ProductID narrows to one product.
type RatingFilter struct {
	Status    string
	ProductID uint64
	Page      listing.Page
}

// Ratings answers a page of ratings for the admin, newest first (deleted ones are left out).
func (s *Service) Ratings(ctx context.Context, f RatingFilter) ([]Rating, int64, error) {
	q := s.db.WithContext(ctx).Where("r.deleted_at IS NULL")
	switch f.Status {
	case "approved":
		q = q.Where("r.approved = ?", true)
	case "disapproved":
		q = q.Where("r.approved = ?", false)
	}
	if f.ProductID != 0 {
		q = q.Where("r.product_id = ?", f.ProductID)
	}
	return s.listRatings(ctx, q, f.Page)
}

type ratingRow struct {
	RatingRow
	ProductSKU  string
	ProductName string
	ProductSlug string
	UserName    string
	UserEmail   string
}

func (s *Service) listRatings(ctx context.Context, where *gorm.DB, page listing.Page) ([]Rating, int64, error) {
	base := s.db.WithContext(ctx).Table("ratings r").Where(where)
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count ratings")
	}
	var rows []ratingRow
	err := base.Session(&gorm.Session{}).
		Select("r.*, p.sku AS product_sku, p.name AS product_name, p.slug AS product_slug, COALESCE(u.name, r.name) AS user_name, COALESCE(u.email, r.email) AS user_email").
		Joins("JOIN product_summaries p ON p.id = r.product_id").Joins("LEFT JOIN users u ON u.id = r.user_id").
		Order("r.created_at DESC, r.id DESC").Offset(page.Offset()).Limit(page.Size).Scan(&rows).Error
	if err != nil {
		return nil, 0, apperr.Wrap(err, "ratings")
	}
	out := make([]Rating, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.view())
	}
	return out, total, nil
}

func (r ratingRow) view() Rating {
	var uid uint64
	if r.UserID != nil {
		uid = *r.UserID
	}
	return Rating{ID: r.ID, Product: ProductRef{ID: r.ProductID, SKU: r.ProductSKU, Name: r.ProductName, Slug: r.ProductSlug},
		User: UserRef{ID: uid, Name: r.UserName, Email: r.UserEmail}, Guest: r.UserID == nil, Rating: r.RatingRow.Rating, Comment: r.Comment,
		Approved: r.Approved, Deleted: r.DeletedAt != nil, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// GetRating answers one rating (a deleted one too, so its undo can show it).
func (s *Service) GetRating(ctx context.Context, id uint64) (*Rating, error) {
	rows, _, err := s.listRatings(ctx, s.db.WithContext(ctx).Where("r.id = ?", id), listing.Page{Number: 1, Size: 1})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, apperr.NotFoundThing("rating")
	}
	return &rows[0], nil
}

// SetApproved approves or disapproves a rating (not a deleted one).
func (s *Service) SetApproved(ctx context.Context, id uint64, approved bool) (*Rating, error) {
	typ := activity.RatingApproved
	if !approved {
		typ = activity.RatingDisapproved
	}
	err := s.changeRating(ctx, id, false, typ, func(tx *gorm.DB, r *RatingRow) error {
		return tx.Model(r).Updates(map[string]any{"approved": approved, "updated_at": s.now()}).Error
	})
	if err != nil {
		return nil, err
	}
	return s.GetRating(ctx, id)
}

// DeleteRating deletes a rating so that RestoreRating can bring it back.
func (s *Service) DeleteRating(ctx context.Context, id uint64) error {
	return s.changeRating(ctx, id, false, activity.RatingDeleted, func(tx *gorm.DB, r *RatingRow) error {
		now := s.now()
		return tx.Model(r).Updates(map[string]any{"deleted_at": now, "updated_at": now}).Error
	})
}

// RestoreRating undoes a delete.
func (s *Service) RestoreRating(ctx context.Context, id uint64) (*Rating, error) {
	err := s.changeRating(ctx, id, true, activity.RatingRestored, func(tx *gorm.DB, r *RatingRow) error {
		return tx.Model(r).Updates(map[string]any{"deleted_at": nil, "updated_at": s.now()}).Error
	})
	if err != nil {
		return nil, err
	}
	return s.GetRating(ctx, id)
}

// changeRating applies change to the rating in one transaction with its activity entry;
// deleted says whether the rating must be a deleted one (restore) or a live one.
func (s *Service) changeRating(ctx context.Context, id uint64, deleted bool, typ string, change func(tx *gorm.DB, r *RatingRow) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r RatingRow
		err := tx.First(&r, id).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && (r.DeletedAt != nil) != deleted {
			return apperr.NotFoundThing("rating")
		}
		if err != nil {
			return apperr.Wrap(err, "rating")
		}
		old := ratingValues(r)
		if err := change(tx, &r); err != nil {
			return apperr.Wrap(err, "change rating")
		}
		if err := tx.First(&r, id).Error; err != nil {
			return apperr.Wrap(err, "rating")
		}
		return activity.Record(ctx, tx, activity.Change{Type: typ, SubjectType: activity.SubjectRating, SubjectID: id,
			Old: old, New: ratingValues(r)})
	})
}

func ratingValues(r RatingRow) map[string]any {
	return map[string]any{"product_id": r.ProductID, "user_id": r.UserID, "name": r.Name, "email": r.Email, "rating": r.Rating, "comment": r.Comment,
		"approved": r.Approved, "deleted": r.DeletedAt != nil}
}
