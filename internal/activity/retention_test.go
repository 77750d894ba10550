package activity_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
)

func TestRetentionPurge(t *testing.T) {
	t.Parallel()
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
		var rows []activity.Entry
		for i := 0; i < 7; i++ { // 7 old entries, 400 days back
			rows = append(rows, activity.Entry{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: uint64(i), CreatedAt: now.AddDate(0, 0, -400)})
		}
		rows = append(rows, activity.Entry{Type: activity.ProductUpdated, SubjectType: "product", SubjectID: 99, CreatedAt: now.AddDate(0, 0, -364)})
		if err := gdb.Create(&rows).Error; err != nil {
			t.Fatal(err)
		}
		count := func() int64 {
			var n int64
			gdb.Model(&activity.Entry{}).Count(&n)
			return n
		}
		clk := clock.Fixed(now)
		if n, err := activity.NewRetention(gdb, 0, clk).Purge(context.Background()); err != nil || n != 0 || count() != 8 {
			t.Fatalf("retention 0 (forever): deleted %d, %v; %d left", n, err, count())
		}
		r := activity.NewRetention(gdb, 365, clk)
		// batches of 3: three statements, the last short
		if n, err := activity.PurgeBefore(r, context.Background(), now.AddDate(0, 0, -365), 3); err != nil || n != 7 {
			t.Fatalf("purge: deleted %d, %v; want 7", n, err)
		}
		if n, err := r.Purge(context.Background()); err != nil || n != 0 {
			t.Fatalf("second purge: deleted %d, %v; want 0", n, err)
		}
		var left []activity.Entry
		gdb.Find(&left)
		if len(left) != 1 || left[0].SubjectID != 99 {
			t.Fatalf("left: %+v", left)
		}
	})
}
