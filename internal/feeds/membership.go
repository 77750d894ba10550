package feeds

import (
	"context"
	"sort"
	"strconv"

	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/listing"
)

// ActivityFeedChanged is the activity entry of a product put in or taken out of the feed.
const ActivityFeedChanged = "product.eponuda_changed"

// MaxMembershipIDs bounds one POST admin/eponuda-feed.
const MaxMembershipIDs = 5000

// ListFeed is the products in the e-ponuda feed (tab E-PONUDA PROIZVODI), with every filter of
// the product list.
func (f *Feeds) ListFeed(ctx context.Context, pf catalog.ProductFilter, page listing.Page, inc catalog.ProductIncludes) ([]catalog.ProductDetails, listing.Total, error) {
	in := true
	pf.Eponuda = &in
	return f.catalog.ListProducts(ctx, pf, page, inc)
}

// Membership is what one call changed.
type Membership struct {
	Added   int64 `json:"added"`
	Removed int64 `json:"removed"`
}

// SetFeedMembership puts idsTrue in the feed and takes idsFalse out, in one transaction, with
// one activity entry per product whose flag changed. Unknown ids, an id in both lists or no
// id at all are a 422.
func (f *Feeds) SetFeedMembership(ctx context.Context, idsTrue, idsFalse []uint64) (Membership, error) {
	idsTrue, idsFalse = uniq(idsTrue), uniq(idsFalse)
	if len(idsTrue)+len(idsFalse) == 0 {
		return Membership{}, apperr.InvalidFields(apperr.Field("ids_true", "validation.required"))
	}
	if len(idsTrue)+len(idsFalse) > MaxMembershipIDs {
		return Membership{}, apperr.InvalidFields(apperr.Field("ids_true", "eoffer.too_many_ids", "max", MaxMembershipIDs))
	}
	in := map[uint64]bool{}
	for _, id := range idsTrue {
		in[id] = true
	}
	var fields []apperr.FieldError
	for _, id := range idsFalse {
		if in[id] {
			fields = append(fields, apperr.Field("ids_false", "eoffer.id_in_both", "id", id))
			break
		}
	}
	found, err := f.catalog.ExistingProductIDs(ctx, append(append([]uint64{}, idsTrue...), idsFalse...))
	if err != nil {
		return Membership{}, err
	}
	for name, ids := range map[string][]uint64{"ids_true": idsTrue, "ids_false": idsFalse} {
		for _, id := range ids {
			if !found[id] {
				fields = append(fields, apperr.Field(name, "eoffer.unknown_product", "id", strconv.FormatUint(id, 10)))
				break
			}
		}
	}
	if len(fields) > 0 {
		sort.Slice(fields, func(i, j int) bool { return fields[i].Field > fields[j].Field })
		return Membership{}, apperr.InvalidFields(fields...)
	}
	var out Membership
	at := f.clk.Now()
	err = f.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, side := range []struct {
			ids []uint64
			in  bool
			n   *int64
		}{{idsTrue, true, &out.Added}, {idsFalse, false, &out.Removed}} {
			if len(side.ids) == 0 {
				continue
			}
			// The products that will change, read before the change (the log names only them).
			var changing []uint64
			if err := tx.Raw("SELECT id FROM product_summaries WHERE id IN ? AND eponuda <> ?", side.ids, side.in).Scan(&changing).Error; err != nil {
				return apperr.Wrap(err, "e-ponuda: read flags")
			}
			n, err := f.catalog.SetEponudaTx(ctx, tx, changing, side.in, at)
			if err != nil {
				return err
			}
			*side.n = n
			changes := make([]activity.Change, 0, len(changing))
			for _, id := range changing {
				changes = append(changes, activity.Change{Type: ActivityFeedChanged, SubjectType: "product", SubjectID: id,
					Old: map[string]bool{"eponuda": !side.in}, New: map[string]bool{"eponuda": side.in}})
			}
			if err := activity.Record(ctx, tx, changes...); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// uniq drops zero and repeated ids, keeping the first of each.
func uniq(ids []uint64) []uint64 {
	seen := map[uint64]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
