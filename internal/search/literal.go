package search

import (
	"context"
	"strings"

	"shop/internal/platform/apperr"
)

// tier is one relevance class of the literal match: the products whose rank (literalMatch's
// CASE) is this tier's, as conditions over products p, categories c and brands b.
type tier struct {
	conds []cond
}

type cond struct {
	sql  string
	args []any
}

// tiers are the literal match's relevance classes in order (0 exact SKU/EAN, 1 the whole query
// in the name, 2 in the main category's name, 3 in the brand's, 4 in the description, 5 the
// rest). Each is the CASE's branch with the earlier branches negated, written so an index
// finds its rows (migration 0025): the exact hit through LOWER(sku) and ean, the name and the
// description through their trigram indexes on PostgreSQL, the category and the brand through
// the matching categories' or brands' ids (a few rows) and products' main_category_id and
// brand_id indexes. The whole query found in one place implies every word found there, so
// tiers 1-4 need no more; the rest (several words, or one repeated, found in different places) is
// restricted to the union of what an index finds for each place.
func tiers(term string, words []string) []tier {
	lit := literal(term, "p")
	pat := contains(term)
	like := func(expr string) string { return expr + " LIKE ?" + esc }
	exact := cond{lit.exact, lit.exactArgs}
	inName := cond{like("p.search_text"), []any{pat}}
	inCat := cond{like(folded("c.name")), []any{pat}}
	inBrand := cond{like(folded("COALESCE(b.name, '')")), []any{pat}}
	inDesc := cond{like("p.search_description"), []any{pat}}
	// With a non-empty pattern a product without a brand never matches ('' has no word), so
	// "the brand's name holds it" is "its brand is one of those whose name holds it".
	catIDs := cond{"p.main_category_id IN (SELECT c2.id FROM categories c2 WHERE " + like(folded("c2.name")) + ")", []any{pat}}
	brandIDs := cond{"p.brand_id IN (SELECT b2.id FROM brands b2 WHERE " + like(folded("b2.name")) + ")", []any{pat}}
	not := func(c cond) cond { return cond{"NOT " + c.sql, c.args} }
	out := []tier{
		{[]cond{exact}},
		{[]cond{not(exact), inName}},
		{[]cond{not(exact), not(inName), catIDs}},
		{[]cond{not(exact), not(inName), not(inCat), brandIDs}},
		{[]cond{not(exact), not(inName), not(inCat), not(inBrand), inDesc}},
	}
	if len(words) == 1 && words[0] == term { // one word: found in one place at least
		return out
	}
	// The rest: every word somewhere, no place holding the whole query. Such a product has
	// every word in its name, or some word in its category's, brand's name or description.
	var allInName, anyCat, anyBrand, anyDesc []string
	var allInNameArgs, wordArgs []any
	for _, w := range words {
		allInName = append(allInName, like("search_text"))
		anyCat = append(anyCat, like(folded("name")))
		anyBrand = append(anyBrand, like(folded("name")))
		anyDesc = append(anyDesc, like("search_description"))
		allInNameArgs = append(allInNameArgs, contains(w))
		wordArgs = append(wordArgs, contains(w))
	}
	candidates := "p.id IN (SELECT id FROM products WHERE " + strings.Join(allInName, " AND ") +
		" UNION SELECT id FROM products WHERE main_category_id IN (SELECT id FROM categories WHERE " + strings.Join(anyCat, " OR ") + ")" +
		" UNION SELECT id FROM products WHERE brand_id IN (SELECT id FROM brands WHERE " + strings.Join(anyBrand, " OR ") + ")" +
		" UNION SELECT id FROM products WHERE " + strings.Join(anyDesc, " OR ") + ")"
	var candArgs []any
	candArgs = append(append(append(append(candArgs, allInNameArgs...), wordArgs...), wordArgs...), wordArgs...)
	return append(out, tier{[]cond{not(exact), not(inName), not(inCat), not(inBrand), not(inDesc),
		{lit.cond, lit.condArgs}, {candidates, candArgs}}})
}

// literalPage is the ids of the literal match's hits from offset, at most limit, in the
// relevance order (tier, then name and id): the tiers are read in order, each by name up to
// what the page still needs, and the next tier only when the page is not full.
func (s *Service) literalPage(ctx context.Context, term string, words []string, offset, limit int) ([]uint64, error) {
	want := offset + limit
	var ids []uint64
	for _, t := range tiers(term, words) {
		q := s.db.WithContext(ctx).Table("products p").
			Joins("JOIN categories c ON c.id = p.main_category_id").
			Joins("LEFT JOIN brands b ON b.id = p.brand_id").
			Where("p.active = ? AND p.visible = ?", true, true)
		for _, c := range t.conds {
			q = q.Where(c.sql, c.args...)
		}
		var got []uint64
		if err := q.Order("p.name, p.id").Limit(want-len(ids)).Pluck("p.id", &got).Error; err != nil {
			return nil, apperr.Wrap(err, "search")
		}
		if ids = append(ids, got...); len(ids) >= want {
			break
		}
	}
	if offset >= len(ids) {
		return nil, nil
	}
	return ids[offset:min(want, len(ids))], nil
}
