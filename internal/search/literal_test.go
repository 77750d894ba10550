package search

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/dbtest"
)

// literalReference is the literal match's page as one statement (the full condition ordered
// by the relevance CASE): what literalPage must answer, kept for the tests that compare them.
func (s *Service) literalReference(ctx context.Context, term string, offset, limit int) ([]uint64, error) {
	lit := literal(term, "p", nil)
	var ids []uint64
	err := s.liveProducts(ctx, "p").Where(lit.cond, lit.condArgs...).
		Order(clause.OrderBy{Expression: clause.Expr{SQL: lit.rank + ", p.name, p.id", Vars: lit.rankArgs}}).Offset(offset).Limit(limit).Pluck("p.id", &ids).Error
	return ids, apperr.Wrap(err, "search reference")
}

// matchPage is the first 200 ids of Match's hits in its relevance order.
func matchPage(t *testing.T, s *Service, q string) []uint64 {
	t.Helper()
	m, err := s.Match(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uint64
	err = m.Scope(s.liveProducts(context.Background(), "products")).Order(clause.OrderBy{Expression: m.Relevance}).
		Limit(200).Pluck("products.id", &ids).Error
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func must(ids []uint64, err error) []uint64 {
	if err != nil {
		panic(err)
	}
	return ids
}

// TestLiteralTiersMatchReference: the tiers read one by one answer exactly the pages the one
// statement (the full condition ordered by the relevance CASE) answers, on a random catalogue
// where the query's words fall in names, SKUs, EANs, categories, brands and descriptions
// (alone, together, across places), for random queries and pages; so does Match's condition
// (the categories and brands by id) in its relevance order.
func TestLiteralTiersMatchReference(t *testing.T) {
	dbtest.Run(t, func(t *testing.T, gdb *gorm.DB) {
		rng := rand.New(rand.NewSource(25))
		now := time.Now()
		exec := func(q string, args ...any) {
			t.Helper()
			if err := gdb.Exec(q, args...).Error; err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		vocab := []string{"frižider", "frizi", "šporet", "lap", "laptop", "gorenje", "samsung", "sam", "crni", "beli", "ploča", "inox", "tv", "ab"}
		phrase := func(n int) string {
			w := make([]string, n)
			for i := range w {
				w[i] = vocab[rng.Intn(len(vocab))]
			}
			return strings.Join(w, " ")
		}
		brandWords := rng.Perm(len(vocab)) // brand names are unique
		title := func(s string) string { r := []rune(s); return strings.ToUpper(string(r[:1])) + string(r[1:]) }
		for i := 1; i <= 6; i++ {
			exec(`INSERT INTO categories (id, name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
				VALUES (?, ?, ?, ?, 2000, 1000, 2000, 500, ?, ?)`, i, title(phrase(1+rng.Intn(2))), fmt.Sprintf("k-%d", i), fmt.Sprintf("K%d", i), now, now)
			exec(`INSERT INTO brands (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)`, i, vocab[brandWords[i]], now, now)
		}
		f := fixture{gdb: gdb}
		var skus, eans []string
		for id := uint64(1); id <= 150; id++ {
			sku := fmt.Sprintf("%s%d", []string{"FR", "LAP", "SAM", "TV"}[rng.Intn(4)], id)
			if rng.Intn(10) == 0 {
				// SKUs starting like the words
				sku = fmt.Sprintf("%s-%d", strings.ToUpper(string([]rune(vocab[rng.Intn(len(vocab))])[:2])), id)
			}
			ean := ""
			if rng.Intn(3) == 0 {
				ean = fmt.Sprintf("38%011d", rng.Intn(40)) // shared EANs too
			}
			desc := ""
			if rng.Intn(2) == 0 {
				desc = `{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"` + phrase(1+rng.Intn(4)) + `"}]}]}}`
			}
			var brand *uint64
			if rng.Intn(4) > 0 {
				b := uint64(1 + rng.Intn(6))
				brand = &b
			}
			name := title(phrase(1 + rng.Intn(3)))
			if rng.Intn(8) == 0 {
				name = "Isti naziv" // ties on the name: the id decides
			}
			f.product(t, id, sku, name, ean, desc, uint64(1+rng.Intn(6)), brand, rng.Intn(6) > 0)
			skus, eans = append(skus, sku), append(eans, ean)
		}
		s := NewService(gdb, clock.System(), nil) // nothing recorded here: no Redis needed
		ctx := context.Background()
		nonEmpty := 0
		for round := 0; round < 150; round++ {
			var q string
			switch rng.Intn(6) {
			case 0:
				q = strings.ToLower(skus[rng.Intn(len(skus))])
			case 1:
				q = eans[rng.Intn(len(eans))]
			case 2:
				w := []rune(vocab[rng.Intn(len(vocab))])
				q = string(w[:1+rng.Intn(len(w))])
			default:
				q = phrase(1 + rng.Intn(3))
			}
			term := Normalize(q)
			if term == "" {
				continue
			}
			if got, want := matchPage(t, s, q), must(s.literalReference(ctx, term, 0, 200)); len(want) > 0 && fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("q %q: Match %v, reference %v", q, got, want)
			}
			for _, pg := range []struct{ offset, limit int }{{0, 6}, {0, 24}, {6, 6}, {24, 24}, {0, 200}} {
				got, err := s.literalPage(ctx, term, tokens(term), pg.offset, pg.limit)
				if err != nil {
					t.Fatal(err)
				}
				want, err := s.literalReference(ctx, term, pg.offset, pg.limit)
				if err != nil {
					t.Fatal(err)
				}
				if len(want) > 0 {
					nonEmpty++
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("q %q offset %d limit %d: tiers %v, reference %v", q, pg.offset, pg.limit, got, want)
				}
			}
		}
		if nonEmpty < 300 {
			t.Errorf("only %d of the pages compared had hits: the catalogue does not exercise the tiers", nonEmpty)
		}
	})
}
