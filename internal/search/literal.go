package search

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
)

// tier is one relevance class of the literal match: the products whose rank (literalMatch's
// CASE) is this tier's, as conditions over product_summaries p.
type tier struct {
	conds []cond
	// bounded: an index bounds the tier's rows to a category's or a brand's products; they are
	// read first and then sorted. Left to itself PostgreSQL walks products in name order
	// (products_name_id_idx) hoping to meet 6 of them soon, and when the names never hold the
	// query (its words are the brand's) it reads all of products.
	bounded bool
	// union: the tier's rows are those of conds and one of these, each branch read through
	// its own index and the branches' rows merged (one OR over them made PostgreSQL read all of
	// products and hash the candidates).
	union []cond
}

type cond struct {
	sql  string
	args []any
}

// tiers are the literal match's relevance classes in order (0 exact SKU/EAN, 1 the whole query
// in the name, 2 in the main category's name, 3 in the brand's, 4 in the description, 5 the
// rest). Each is the CASE's branch with the earlier branches negated, written so an index
// finds its rows (migration 0025): the exact hit through LOWER(sku) and ean, the name and the
// description through their trigram indexes on PostgreSQL (or the name's order), the category
// and the brand through products' main_category_id and brand_id indexes with the matching ids
// read first (names holds them, a few rows; a subquery there made PostgreSQL walk all of
// products in name order). A tier no category or brand can match is skipped.
// The whole query found in one place implies every word found there, so tiers 1-4 need no
// more; the rest (several words, or one repeated, found in different places) is restricted to
// the union of what an index finds for each place.
func tiers(term string, words []string, names *nameHits) []tier {
	lit := literal(term, "p", nil)
	pat := db.LikeContains(term)
	like := func(expr string) string { return expr + " LIKE ?" + db.LikeEscape }
	exact := cond{lit.exact, lit.exactArgs}
	inName := cond{like("p.search_text"), []any{pat}}
	inCat := cond{like("p.category_search_name"), []any{pat}}
	inBrand := cond{like("p.brand_search_name"), []any{pat}}
	inDesc := cond{like("p.search_description"), []any{pat}}
	not := func(c cond) cond { return cond{"NOT " + c.sql, c.args} }
	out := []tier{{conds: []cond{exact}}, {conds: []cond{not(exact), inName}}}
	if names == nil { // the first two only: they need no names
		return out
	}
	if len(names.catTerm) > 0 {
		out = append(out, tier{conds: []cond{not(exact), not(inName), {"p.main_category_id IN ?", []any{names.catTerm}}}, bounded: true})
	}
	// With a non-empty pattern a product without a brand never matches ('' holds no word), so
	// "the brand's name holds it" is "its brand is one of those whose name holds it".
	if len(names.brandTerm) > 0 {
		out = append(out, tier{conds: []cond{not(exact), not(inName), not(inCat), {"p.brand_id IN ?", []any{names.brandTerm}}}, bounded: true})
	}
	out = append(out, tier{conds: []cond{not(exact), not(inName), not(inCat), not(inBrand), inDesc}})
	if len(words) == 1 && words[0] == term { // one word: found in one place at least
		return out
	}
	// The rest: every word somewhere, no place holding the whole query. Such a product has
	// every word in its name, or some word in its category's, brand's name or description.
	var allInName, anyDesc []string
	var wordArgs []any
	for _, w := range words {
		allInName = append(allInName, like("p.search_text"))
		anyDesc = append(anyDesc, like("p.search_description"))
		wordArgs = append(wordArgs, db.LikeContains(w))
	}
	rest := tier{conds: []cond{not(exact), not(inName), not(inCat), not(inBrand), not(inDesc), {lit.cond, lit.condArgs}},
		union: []cond{{strings.Join(allInName, " AND "), wordArgs}}}
	if len(names.catWord) > 0 {
		rest.union = append(rest.union, cond{"p.main_category_id IN ?", []any{names.catWord}})
	}
	if len(names.brandWord) > 0 {
		rest.union = append(rest.union, cond{"p.brand_id IN ?", []any{names.brandWord}})
	}
	rest.union = append(rest.union, cond{"(" + strings.Join(anyDesc, " OR ") + ")", wordArgs})
	return append(out, rest)
}

// nameHits are the categories and brands whose (folded) name holds the whole query, those
// whose name holds one of its words, and those by word.
type nameHits struct {
	catTerm, brandTerm, catWord, brandWord []uint64
	catByWord, brandByWord                 map[string][]uint64
}

// names reads the category and brand ids tiers and Match need: two small tables, read once each.
func (s *Service) names(ctx context.Context, term string, words []string) (nameHits, error) {
	h := nameHits{catByWord: map[string][]uint64{}, brandByWord: map[string][]uint64{}}
	for _, t := range []struct {
		read       func(*gorm.DB, []string) ([]catalog.NamedRow, error)
		term, word *[]uint64
		byWord     map[string][]uint64
	}{{catalog.CategoriesNamed, &h.catTerm, &h.catWord, h.catByWord}, {catalog.BrandsNamed, &h.brandTerm, &h.brandWord, h.brandByWord}} {
		rows, err := t.read(s.db.WithContext(ctx), words)
		if err != nil {
			return h, apperr.Wrap(err, "search names")
		}
		// The SQL folding's result, compared as LIKE would.
		for _, r := range rows {
			*t.word = append(*t.word, r.ID)
			if strings.Contains(r.SearchName, term) {
				*t.term = append(*t.term, r.ID)
			}
			for _, w := range words {
				if strings.Contains(r.SearchName, w) {
					t.byWord[w] = append(t.byWord[w], r.ID)
				}
			}
		}
	}
	return h, nil
}

// literalPage is the ids of the literal match's hits from offset, at most limit, in the
// relevance order (tier, then name and id): the tiers are read in order, each by name up to
// what the page still needs, and the next tier only when the page is not full.
func (s *Service) literalPage(ctx context.Context, term string, words []string, offset, limit int) ([]uint64, error) {
	want := offset + limit
	var ids []uint64
	// read adds a tier's first rows the page still needs; full tells the page is full.
	read := func(t tier) (full bool, err error) {
		q := s.liveProducts(ctx, "p")
		for _, c := range t.conds {
			q = q.Where(c.sql, c.args...)
		}
		var got []uint64
		switch {
		case len(t.union) > 0:
			parts := make([]string, len(t.union))
			vars := make([]any, 0, len(t.union)+1)
			for i, u := range t.union {
				parts[i] = "?"
				vars = append(vars, q.Session(&gorm.Session{}).Where(u.sql, u.args...).Select("p.id, p.name"))
			}
			err = s.db.WithContext(ctx).Raw("SELECT id FROM ("+strings.Join(parts, " UNION ")+") u ORDER BY name, id LIMIT ?",
				append(vars, want-len(ids))...).Scan(&got).Error
		case t.bounded:
			err = s.db.WithContext(ctx).Raw("WITH t AS MATERIALIZED (?) SELECT id FROM t ORDER BY name, id LIMIT ?",
				q.Select("p.id, p.name"), want-len(ids)).Scan(&got).Error
		default:
			err = q.Order("p.name, p.id").Limit(want-len(ids)).Pluck("p.id", &got).Error
		}
		ids = append(ids, got...)
		return len(ids) >= want, apperr.Wrap(err, "search")
	}
	// The first two tiers fill most pages (the query is in the names); the categories' and
	// brands' names are read only when they do not.
	full, err := false, error(nil)
	for _, t := range tiers(term, words, nil) {
		if full, err = read(t); full || err != nil {
			break
		}
	}
	if !full && err == nil {
		var names nameHits
		if names, err = s.names(ctx, term, words); err != nil {
			return nil, err
		}
		for _, t := range tiers(term, words, &names)[2:] {
			if full, err = read(t); full || err != nil {
				break
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if offset >= len(ids) {
		return nil, nil
	}
	return ids[offset:min(want, len(ids))], nil
}
