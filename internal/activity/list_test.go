package activity_test

import (
	"context"
	"testing"
	"time"

	"shop/internal/activity"
	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

func TestListDays(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		// 22:30 UTC on 31 March is already 1 April in Belgrade (summer time, UTC+2).
		for _, at := range []time.Time{time.Date(2024, 3, 31, 22, 30, 0, 0, time.UTC), time.Date(2024, 3, 31, 21, 59, 0, 0, time.UTC)} {
			if err := a.DB.Create(&activity.Entry{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: 1, OldValues: "not json", CreatedAt: at}).Error; err != nil {
				t.Fatal(err)
			}
		}
		page := listing.Page{Number: 1, Size: 20}
		got, total, err := activity.List(ctx, a.DB, activity.Filter{DateFrom: "2024-04-01", DateTo: "2024-04-01", Page: page}, a.Identity.UserNames)
		if err != nil || total != 1 || !got[0].CreatedAt.Equal(time.Date(2024, 3, 31, 22, 30, 0, 0, time.UTC)) {
			t.Fatalf("1 April: %+v %d %v", got, total, err)
		}
		if got[0].Old != nil || got[0].New != nil || got[0].UserFound {
			t.Errorf("values and user of an entry without them: %+v", got[0])
		}
		_, _, err = activity.List(ctx, a.DB, activity.Filter{DateFrom: "2024-04-31", Page: page}, a.Identity.UserNames)
		if e := apperr.As(err); e.Code != apperr.Invalid || e.Fields[0].Field != "date_from" {
			t.Errorf("31 April: %v", err)
		}
	})
}
