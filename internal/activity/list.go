package activity

import (
	"context"
	"encoding/json"
	"time"
	_ "time/tzdata" // the shop's zone even on a machine without a zone database

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/listing"
)

// Zone is the shop's time zone: staff read the log's dates and times, and filter by day, in it.
var Zone = clock.Zone

// Filter is the activity screen's query. Dates are whole days in the shop's zone
// (YYYY-MM-DD), both inclusive.
type Filter struct {
	Type        string
	UserID      uint64
	SubjectType string
	SubjectID   uint64
	DateFrom    string
	DateTo      string
	Page        listing.Page
}

// Listed is one entry as the screen shows it: the user's name (empty when the user is gone or
// the change was the system's) and the decoded old and new values (nil: none).
type Listed struct {
	Entry
	UserName  string
	Old, New  json.RawMessage
	UserFound bool
}

const dateLayout = "2006-01-02"

// UserNames answers the names of the users with these ids (the identity capability owns the
// users; unknown ids are left out).
type UserNames func(ctx context.Context, ids []uint64) (map[uint64]string, error)

// List answers a page of the log, newest first, with the users' names asked of userNames in one
// call.
func List(ctx context.Context, db *gorm.DB, f Filter, userNames UserNames) ([]Listed, int64, error) {
	q := db.WithContext(ctx).Model(&Entry{})
	var fields []apperr.FieldError
	if f.Type != "" {
		q = q.Where("type = ?", f.Type)
	}
	if f.UserID != 0 {
		q = q.Where("user_id = ?", f.UserID)
	}
	if f.SubjectType != "" {
		q = q.Where("subject_type = ?", f.SubjectType)
	}
	if f.SubjectID != 0 {
		q = q.Where("subject_id = ?", f.SubjectID)
	}
	var from, to time.Time
	if f.DateFrom != "" {
		d, err := time.ParseInLocation(dateLayout, f.DateFrom, Zone)
		if err != nil {
			fields = append(fields, apperr.Field("date_from", "activity.date"))
		} else {
			from = d
			q = q.Where("created_at >= ?", d.UTC())
		}
	}
	if f.DateTo != "" {
		d, err := time.ParseInLocation(dateLayout, f.DateTo, Zone)
		if err != nil {
			fields = append(fields, apperr.Field("date_to", "activity.date"))
		} else {
			to = d
			q = q.Where("created_at < ?", d.AddDate(0, 0, 1).UTC())
		}
	}
	if !from.IsZero() && !to.IsZero() && to.Before(from) {
		fields = append(fields, apperr.Field("date_to", "activity.date_order"))
	}
	if len(fields) > 0 {
		return nil, 0, apperr.InvalidFields(fields...)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count activity")
	}
	var entries []Entry
	if err := q.Order("created_at DESC, id DESC").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&entries).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list activity")
	}
	var uids []uint64
	seen := map[uint64]bool{}
	for _, e := range entries {
		if e.UserID != nil && !seen[*e.UserID] {
			seen[*e.UserID] = true
			uids = append(uids, *e.UserID)
		}
	}
	names := map[uint64]string{}
	if len(uids) > 0 {
		var err error
		if names, err = userNames(ctx, uids); err != nil {
			return nil, 0, err
		}
	}
	out := make([]Listed, len(entries))
	for i, e := range entries {
		out[i] = Listed{Entry: e, Old: values(e.OldValues), New: values(e.NewValues)}
		if e.UserID != nil {
			out[i].UserName, out[i].UserFound = names[*e.UserID]
		}
	}
	return out, total, nil
}

// values is the stored JSON when it is an object or an array, else nil (shown as null).
func values(s string) json.RawMessage {
	if s == "" || s == "null" || !json.Valid([]byte(s)) {
		return nil
	}
	return json.RawMessage(s)
}
