package search

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// Limits of the answers.
const (
	// fuzzyCandidates bounds the rows the SQLite typo fallback reads and edits over.
	fuzzyCandidates = 5000
	// trigramThreshold is the pg_trgm word_similarity each query word must reach to be a
	// candidate; the edit distance then decides, as on SQLite.
	trigramThreshold = 0.3
	// MaxPerPage caps a results page (the storefront's sizes are 24, 48 and 72).
	MaxPerPage = 72
	// DefaultPerPage is the storefront's first size.
	DefaultPerPage    = 24
	suggestProducts   = 6
	suggestCategories = 5
	suggestPopular    = 5
	firstClickPopular = 10
)

// Service searches the visible, active products of the storefront.
type Service struct {
	db    *gorm.DB
	clock clock.Clock
	once  Once
}

// Once marks a key used for a window: the first Hit of a key is within a limit of one
// (ratelimit.Limiter, shared by every API process through Redis).
type Once interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// NewService returns the search over db; once counts a client's search once a day.
func NewService(db *gorm.DB, c clock.Clock, once Once) *Service {
	return &Service{db: db, clock: c, once: once}
}

// Product is one hit, with the prices pricing decided (never recomputed here).
type Product struct {
	ID               uint64
	SKU              string
	Name             string
	Slug             string
	MainCategorySlug string
	ImageKey         string // the main image's small variant ("" when none)
	RetailPrice      money.Para
	GuestPrice       money.Para
	CustomerPrice    money.Para
}

// Link is the product page's storefront path.
func (p Product) Link() string {
	return "/kategorije/" + p.MainCategorySlug + "/proizvodi/" + p.Slug
}

// Results is one page of a search.
type Results struct {
	Query string
	// Fuzzy tells the hits came from typo tolerance (nothing matched literally).
	Fuzzy    bool
	Total    int64
	Products []Product
}

// Category and brand names are compared folded (lower-cased, the Serbian diacritics folded:
// the SQL twin of textfold.Fold) through their search_name column, which the database
// generates from the name (migration 0029).

// Search finds the products matching q, page (1-based) of perPage: SKU or EAN exact hits
// first, then hits in the name, the main category, the brand and the description; every
// word of the query must match one of them. When nothing matches literally, typo tolerance
// answers instead (Results.Fuzzy).
func (s *Service) Search(ctx context.Context, q string, page, perPage int) (Results, error) {
	return s.search(ctx, q, page, perPage, true)
}

// search is Search; without count, a literal match's Total is not counted (the dropdown shows
// its few products and no number: one pass over products fewer per keystroke).
func (s *Service) search(ctx context.Context, q string, page, perPage int, count bool) (Results, error) {
	term := Normalize(q)
	res := Results{Query: Clean(q)}
	if term == "" {
		return res, nil
	}
	if perPage <= 0 {
		perPage = DefaultPerPage
	}
	perPage = min(perPage, MaxPerPage)
	page = max(page, 1)
	words := tokens(term)
	lit := literal(term, "p", nil)
	cond, condArgs := lit.cond, lit.condArgs
	base := func() *gorm.DB { return s.liveProducts(ctx, "p") }
	ids, err := s.literalPage(ctx, term, words, (page-1)*perPage, perPage)
	if err != nil {
		return res, err
	}
	literalHits := len(ids) > 0
	if !literalHits && page > 1 { // past the last page, or no literal hit at all?
		var one []uint64
		if err := base().Where(cond, condArgs...).Limit(1).Pluck("p.id", &one).Error; err != nil {
			return res, apperr.Wrap(err, "search")
		}
		literalHits = len(one) > 0
	}
	if literalHits {
		if count {
			if err := base().Where(cond, condArgs...).Count(&res.Total).Error; err != nil {
				return res, apperr.Wrap(err, "search count")
			}
		}
	} else {
		all, err := s.fuzzy(ctx, words)
		if err != nil {
			return res, err
		}
		res.Fuzzy, res.Total = len(all) > 0, int64(len(all))
		if from := (page - 1) * perPage; from < len(all) {
			ids = all[from:min(from+perPage, len(all))]
		}
	}
	ps, err := s.load(ctx, ids)
	res.Products = ps
	return res, err
}

// liveProducts are the live products of the catalogue's read model (product_summaries),
// aliased as.
func (s *Service) liveProducts(ctx context.Context, as string) *gorm.DB {
	return s.db.WithContext(ctx).Table("product_summaries " + as).Where(as + ".live")
}

// literalMatch is the literal search's condition and relevance over product_summaries aliased p.
type literalMatch struct {
	exact     string
	exactArgs []any
	cond      string
	condArgs  []any
	rank      string // 0 exact SKU/EAN, 1 the whole query in the name, 2 category, 3 brand, 4 description, 5 the rest
	rankArgs  []any
}

// literal is the literal match over the product columns aliased p. Without names the
// category's and brand's names are product_summaries' columns; with them (a query over the
// products' own columns, the results page's) they are the ids of the categories and brands
// whose name holds the word, read once, not a name per product: a name read for each of
// 100,000 rows made a broad search cost seconds (and its cost estimate woke the JIT compiler).
func literal(term, p string, names *nameHits) literalMatch {
	like := func(expr, pat string) cond { return cond{expr + " LIKE ?" + db.LikeEscape, []any{pat}} }
	inCat := func(w string) cond { return like(p+".category_search_name", db.LikeContains(w)) }
	inBrand := func(w string) cond { return like(p+".brand_search_name", db.LikeContains(w)) }
	if names != nil {
		inCat = func(w string) cond { return inIDs(p+".main_category_id", names.catByWord[w]) }
		inBrand = func(w string) cond { return inIDs(p+".brand_id", names.brandByWord[w]) }
	}
	m := literalMatch{exact: "(LOWER(" + p + ".sku) = ? OR (" + p + ".ean <> '' AND " + p + ".ean = ?))",
		exactArgs: []any{term, strings.ReplaceAll(term, " ", "")}}
	where := []string{}
	args := []any{}
	for _, w := range tokens(term) {
		pat := db.LikeContains(w)
		c, b := inCat(w), inBrand(w)
		where = append(where, "("+p+".search_text LIKE ?"+db.LikeEscape+" OR "+c.sql+" OR "+b.sql+" OR "+p+".search_description LIKE ?"+db.LikeEscape+")")
		args = append(append(append(append(args, pat), c.args...), b.args...), pat)
	}
	m.cond = "(" + m.exact + " OR (" + strings.Join(where, " AND ") + "))"
	m.condArgs = append(append([]any{}, m.exactArgs...), args...)
	pat := db.LikeContains(term)
	c, b := inCat(term), inBrand(term)
	if names != nil {
		c, b = inIDs(p+".main_category_id", names.catTerm), inIDs(p+".brand_id", names.brandTerm)
	}
	m.rank = "CASE WHEN " + m.exact + " THEN 0 WHEN " + p + ".search_text LIKE ?" + db.LikeEscape + " THEN 1 WHEN " + c.sql +
		" THEN 2 WHEN " + b.sql + " THEN 3 WHEN " + p + ".search_description LIKE ?" + db.LikeEscape + " THEN 4 ELSE 5 END"
	m.rankArgs = append(append(append(append(append([]any{}, m.exactArgs...), pat), c.args...), b.args...), pat)
	return m
}

// inIDs is "col is one of ids" (none: false; an empty IN list is not SQL).
func inIDs(col string, ids []uint64) cond {
	if len(ids) == 0 {
		return cond{"1 = 0", nil}
	}
	return cond{col + " IN ?", []any{ids}}
}

// Match is a query's hits as a condition on product_summaries aliased products, for
// lists that filter, sort and count facets over the hits (the results page).
type Match struct {
	Query string
	// Fuzzy: nothing matched literally, the hits are typo tolerance's.
	Fuzzy bool
	// Scope keeps a products query to the hits; Relevance orders them best first, as Search does.
	Scope     func(db *gorm.DB) *gorm.DB
	Relevance clause.Expr
}

// Match is q's hits as a condition: the literal match when something matches literally, else
// typo tolerance's hits (at most its candidates' bound, by id). An empty q matches nothing.
func (s *Service) Match(ctx context.Context, q string) (Match, error) {
	term := Normalize(q)
	m := Match{Query: Clean(q)}
	none := func(db *gorm.DB) *gorm.DB { return db.Where("1 = 0") }
	if term == "" {
		m.Scope, m.Relevance = none, clause.Expr{SQL: "products.id"}
		return m, nil
	}
	words := tokens(term)
	names, err := s.names(ctx, term, words)
	if err != nil {
		return m, err
	}
	lit := literal(term, "products", &names)
	var hit []uint64
	if err := s.liveProducts(ctx, "products").Where(lit.cond, lit.condArgs...).Limit(1).Pluck("products.id", &hit).Error; err != nil {
		return m, apperr.Wrap(err, "search match")
	}
	if len(hit) > 0 {
		m.Scope = func(db *gorm.DB) *gorm.DB { return db.Where(lit.cond, lit.condArgs...) }
		m.Relevance = clause.Expr{SQL: lit.rank + ", products.name, products.id", Vars: lit.rankArgs}
		return m, nil
	}
	ids, err := s.fuzzy(ctx, words)
	if err != nil {
		return m, err
	}
	if len(ids) == 0 {
		m.Scope, m.Relevance = none, clause.Expr{SQL: "products.id"}
		return m, nil
	}
	m.Fuzzy = true
	m.Scope = func(db *gorm.DB) *gorm.DB { return db.Where("products.id IN ?", ids) }
	// fuzzy's own order, as an expression: the summed trigram similarity on PostgreSQL, the
	// name on SQLite.
	if s.db.Dialector.Name() == "postgres" {
		score := make([]string, len(words))
		vars := make([]any, len(words))
		for i, w := range words {
			score[i], vars[i] = "word_similarity(?, products.search_text)", w
		}
		m.Relevance = clause.Expr{SQL: strings.Join(score, " + ") + " DESC, products.name, products.id", Vars: vars}
	} else {
		m.Relevance = clause.Expr{SQL: "products.name, products.id"}
	}
	return m, nil
}

// fuzzy is typo tolerance: the ids of the products every query word nearly matches, best
// first. The candidates: on PostgreSQL those pg_trgm's word_similarity finds near every word
// (best first), on SQLite those sharing a query word's first two letters; then each query
// word must be within a few edits of a word of the folded name or SKU (fuzzyContains).
func (s *Service) fuzzy(ctx context.Context, words []string) ([]uint64, error) {
	var rows []struct {
		ID         uint64
		SearchText string
	}
	candidates := func(db *gorm.DB) *gorm.DB {
		return db.WithContext(ctx).Table("product_summaries p").Where("p.live").
			Select("p.id, p.search_text").Limit(fuzzyCandidates)
	}
	var err error
	if s.db.Dialector.Name() == "postgres" {
		// '<%' (word_similarity at least the threshold) is what products_search_trgm_idx
		// serves; the threshold is set for this transaction only.
		err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(fmt.Sprintf("SET LOCAL pg_trgm.word_similarity_threshold = %.2f", trigramThreshold)).Error; err != nil {
				return err
			}
			q := candidates(tx)
			score := make([]string, 0, len(words))
			var scoreArgs []any
			for _, w := range words {
				q = q.Where("? <% p.search_text", w)
				score = append(score, "word_similarity(?, p.search_text)")
				scoreArgs = append(scoreArgs, w)
			}
			return q.Order(clause.OrderBy{Expression: clause.Expr{SQL: strings.Join(score, " + ") + " DESC, p.name, p.id", Vars: scoreArgs}}).
				Scan(&rows).Error
		})
	} else {
		var near []string
		var nearArgs []any
		for _, w := range words {
			if r := []rune(w); allowedTypos(len(r)) > 0 {
				near = append(near, "p.search_text LIKE ?"+db.LikeEscape)
				nearArgs = append(nearArgs, db.LikeContains(string(r[:2])))
			}
		}
		if len(near) == 0 {
			return nil, nil
		}
		err = candidates(s.db).Where(strings.Join(near, " OR "), nearArgs...).Order("p.name, p.id").Scan(&rows).Error
	}
	if err != nil {
		return nil, apperr.Wrap(err, "fuzzy search")
	}
	var ids []uint64
	for _, r := range rows {
		if fuzzyContains(r.SearchText, words) {
			ids = append(ids, r.ID)
		}
	}
	return ids, nil
}

// load reads the products with these ids, in their order.
func (s *Service) load(ctx context.Context, ids []uint64) ([]Product, error) {
	if len(ids) == 0 {
		return []Product{}, nil
	}
	var rows []struct {
		ID                                        uint64
		SKU                                       string `gorm:"column:sku"`
		Name, Slug, MainCategorySlug, ImageKey    string
		WebPrice, RetailPrice, AuthenticatedPrice int64
		DiscountPrice                             *int64
	}
	err := s.db.WithContext(ctx).Raw(`SELECT p.id, p.sku, p.name, p.slug, COALESCE(p.category_slug, '') AS main_category_slug,
		p.small_image_key AS image_key, p.web_price, p.retail_price, p.authenticated_price, p.discount_price
		FROM product_summaries p WHERE p.id IN ?`, ids).Scan(&rows).Error
	if err != nil {
		return nil, apperr.Wrap(err, "search products")
	}
	at := make(map[uint64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	out := make([]Product, len(ids))
	for _, r := range rows {
		var d *money.Para
		if r.DiscountPrice != nil {
			v := money.Para(*r.DiscountPrice)
			d = &v
		}
		guest, customer := pricing.Shown(money.Para(r.WebPrice), money.Para(r.AuthenticatedPrice), d)
		out[at[r.ID]] = Product{ID: r.ID, SKU: r.SKU, Name: r.Name, Slug: r.Slug, MainCategorySlug: r.MainCategorySlug,
			ImageKey: r.ImageKey, RetailPrice: money.Para(r.RetailPrice), GuestPrice: guest, CustomerPrice: customer}
	}
	return out, nil
}

// Limits of what the popular list records: every visitor sees it, so it takes only what reads
// as a search a shopper typed.
const (
	maxRecordedRunes = 60
	maxRecordedWords = 6
	minRecordedChars = 2 // letters or digits
)

// recordable tells whether a cleaned query may join the popular list: a few words of letters
// and digits, not a wildcard, punctuation or a pasted text.
func recordable(name string) bool {
	if utf8.RuneCountInString(name) > maxRecordedRunes || len(strings.Fields(name)) > maxRecordedWords {
		return false
	}
	n := 0
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n >= minRecordedChars
}

// Record counts a search a shopper made (the results page, not the autocomplete's
// keystrokes); the caller records only searches that found something literally, so the
// popular list holds neither misses nor misspellings. A client counts once a day per term,
// so one client repeating a term cannot push it onto every visitor's list; when the day's
// marks cannot be read the search is not counted (the list is a nicety, the search is not).
func (s *Service) Record(ctx context.Context, q, client string) error {
	name, term := Clean(q), Normalize(q)
	if term == "" || !recordable(name) {
		return nil
	}
	if s.once != nil {
		day := s.clock.Now().UTC().Format("20060102")
		first, _, err := s.once.Hit(ctx, "search-count:"+day+":"+client+":"+term, 1, 24*time.Hour)
		if err != nil || !first {
			return nil
		}
	}
	row := map[string]any{"term": term, "name": name, "hits": 1, "last_searched_at": s.clock.Now().UTC()}
	err := s.db.WithContext(ctx).Table("search_queries").Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "term"}},
		DoUpdates: clause.Set{{Column: clause.Column{Name: "hits"}, Value: gorm.Expr("search_queries.hits + 1")},
			{Column: clause.Column{Name: "last_searched_at"}, Value: row["last_searched_at"]}},
	}).Create(row).Error
	return apperr.Wrap(err, "record search")
}

// Popular is a search shoppers often make.
type Popular struct {
	Name string
	Hits int64
}

// PopularSearches are the most searched terms containing q's words (all when q is empty).
func (s *Service) PopularSearches(ctx context.Context, q string, limit int) ([]Popular, error) {
	qq := s.db.WithContext(ctx).Table("search_queries")
	for _, w := range tokens(Normalize(q)) {
		qq = qq.Where("term LIKE ?"+db.LikeEscape, db.LikeContains(w))
	}
	out := []Popular{}
	err := qq.Order("hits DESC, last_searched_at DESC, term").Limit(limit).Select("name, hits").Scan(&out).Error
	return out, apperr.Wrap(err, "popular searches")
}

// Category is a category suggestion.
type Category struct {
	ID   uint64
	Name string
	Slug string
}

// Link is the category page's storefront path.
func (c Category) Link() string { return "/kategorije/" + c.Slug }

// Categories are the active categories whose name holds every word of q (with q empty, the
// first top-level ones by position).
func (s *Service) Categories(ctx context.Context, q string, limit int) ([]Category, error) {
	links, err := catalog.ActiveCategoriesNamed(s.db.WithContext(ctx), tokens(Normalize(q)), limit)
	out := make([]Category, len(links))
	for i, l := range links {
		out[i] = Category(l)
	}
	return out, err
}

// Suggestions are the autocomplete's answer (spec 3 "Search result").
type Suggestions struct {
	Query      string
	Categories []Category
	Popular    []Popular
	Products   []Product
}

// Autocomplete suggests categories, popular searches and products for q; with q empty it is
// the first-click suggestion (top-level categories and the most searched terms).
func (s *Service) Autocomplete(ctx context.Context, q string) (Suggestions, error) {
	out := Suggestions{Query: Clean(q), Products: []Product{}}
	var err error
	first := Normalize(q) == ""
	if out.Categories, err = s.Categories(ctx, q, suggestCategories); err != nil {
		return out, err
	}
	n := suggestPopular
	if first {
		n = firstClickPopular
	}
	if out.Popular, err = s.PopularSearches(ctx, q, n); err != nil || first {
		return out, err
	}
	r, err := s.search(ctx, q, 1, suggestProducts, false)
	out.Products = r.Products
	return out, err
}

// Escape is the query as a path segment of the results route (/pretraga-proizvoda/{query}).
func Escape(q string) string { return url.PathEscape(q) }
