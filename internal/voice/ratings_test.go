package voice_test

import (
	"context"
	"errors"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/listing"
	"shop/internal/platform/money"
	"shop/internal/voice"
)

func liveProduct(t *testing.T, a *app.App) *catalog.Product {
	t.Helper()
	cat := catalog.Category{Name: "Frižideri", Slug: "frizideri", Prefix: "F", Level: 1, PdvBps: 2000, Active: true}
	if err := a.DB.Create(&cat).Error; err != nil {
		t.Fatal(err)
	}
	p := catalog.Product{SKU: "R-1", Name: "Frižider Tihi", Slug: "frizider-tihi", Active: true, Visible: true,
		WebPrice: money.Para(100000), Stock: 2, MainCategoryID: cat.ID}
	if err := a.DB.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	return &p
}

// TestGuestRates: a guest's rating needs a name and an e-mail, is stored under them without a
// customer, waits for approval like a customer's, and two guests' ratings stand side by side.
func TestGuestRates(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		p := liveProduct(t, a)
		guest := voice.Client{IP: "192.0.2.7", Lang: i18n.SR}

		err := a.Voice.Rate(ctx, p.Slug, guest, voice.RatingInput{Rating: 4})
		var ae *apperr.Error
		if !errors.As(err, &ae) || len(ae.Fields) != 2 {
			t.Fatalf("a guest's rating without name and e-mail: %v, want name and email field errors", err)
		}
		for _, in := range []voice.RatingInput{
			{Rating: 5, Comment: "<b>Tih</b>", Name: " Ana Gost ", Email: "ANA@primer.rs"},
			{Rating: 2, Name: "Bora Gost", Email: "bora@primer.rs"},
		} {
			if err := a.Voice.Rate(ctx, p.Slug, guest, in); err != nil {
				t.Fatalf("guest rates: %v", err)
			}
		}
		rows, total, err := a.Voice.Ratings(ctx, voice.RatingFilter{Page: listing.Page{Number: 1, Size: 20}})
		if err != nil || total != 2 {
			t.Fatalf("ratings: %v %d", err, total)
		}
		var ana *voice.Rating
		for i := range rows {
			if rows[i].User.Name == "Ana Gost" {
				ana = &rows[i]
			}
		}
		if ana == nil || !ana.Guest || ana.User.ID != 0 || ana.User.Email != "ana@primer.rs" || ana.Comment != "Tih" || ana.Approved {
			t.Fatalf("the guest's stored rating: %+v", rows)
		}
		sum, err := a.Voice.ApprovedRatings(ctx, p.ID)
		if err != nil || sum.Count != 0 {
			t.Fatalf("unapproved guest ratings counted: %v %+v", err, sum)
		}
		if _, err := a.Voice.SetApproved(ctx, ana.ID, true); err != nil {
			t.Fatal(err)
		}
		sum, err = a.Voice.ApprovedRatings(ctx, p.ID)
		if err != nil || sum.Count != 1 || sum.AverageX100 != 500 || sum.Ratings[0].User.Name != "Ana Gost" {
			t.Fatalf("approved guest rating: %v %+v", err, sum)
		}
	})
}
