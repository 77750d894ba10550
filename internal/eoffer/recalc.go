package eoffer

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// What the new price is formed relative to, and how the value reads.
const (
	RelativeEponuda = "eponuda"
	RelativeEntry   = "entry"
	FormatPercent   = "%"
	FormatRSD       = "RSD"
)

// Settings are the recalculation's controls (spec "E-offer settings").
type Settings struct {
	RelativeTo string   // eponuda or entry
	Format     string   // % or RSD
	Value      string   // a decimal, at most two places: percent or dinars
	Irrelevant []string // competitor names to ignore
}

// Scope narrows the recalculation to a main category, a supplier or a brand (0: any).
type Scope struct {
	Category, Supplier, Brand uint64
}

// conditions are the scope as SQL over the products aliased p (ids only, so formatted in): at
// least one, TRUE-like, so they can be joined with AND as they are.
func (sc Scope) conditions(p string) []string {
	where := []string{"1 = 1"}
	if sc.Category != 0 {
		where = append(where, fmt.Sprintf("%s.main_category_id = %d", p, sc.Category))
	}
	if sc.Supplier != 0 {
		where = append(where, fmt.Sprintf("%s.supplier_id = %d", p, sc.Supplier))
	}
	if sc.Brand != 0 {
		where = append(where, fmt.Sprintf("%s.brand_id = %d", p, sc.Brand))
	}
	return where
}

// parsedSettings are Settings checked: the value in hundredths.
type parsedSettings struct {
	relative, format string
	value            int64 // hundredths of a percent or para
	ignore           map[string]bool
}

// check validates the settings (all three controls required: the 'Prikaži' rule).
func (st Settings) check() (parsedSettings, error) {
	var fields []apperr.FieldError
	p := parsedSettings{relative: strings.TrimSpace(st.RelativeTo), format: strings.TrimSpace(st.Format), ignore: map[string]bool{}}
	switch p.relative {
	case RelativeEponuda, RelativeEntry:
	case "":
		fields = append(fields, apperr.Field("relative_to", "validation.required"))
	default:
		fields = append(fields, apperr.Field("relative_to", "eoffer.bad_relative_to"))
	}
	switch strings.ToUpper(p.format) {
	case FormatPercent:
	case FormatRSD:
		p.format = FormatRSD
	case "":
		fields = append(fields, apperr.Field("format", "validation.required"))
	default:
		fields = append(fields, apperr.Field("format", "eoffer.bad_format"))
	}
	v := strings.TrimSpace(st.Value)
	if v == "" {
		fields = append(fields, apperr.Field("value", "validation.required"))
	} else if n, ok := hundredths(v); !ok || n < 0 {
		fields = append(fields, apperr.Field("value", "eoffer.bad_value"))
	} else {
		p.value = n
	}
	if len(fields) > 0 {
		return p, apperr.InvalidFields(fields...)
	}
	for _, name := range st.Irrelevant {
		if f := fold(name); f != "" {
			p.ignore[f] = true
		}
	}
	return p, nil
}

// hundredths reads a decimal with at most two places ("5", "2.5", "2,50") as hundredths.
func hundredths(s string) (int64, bool) {
	s = strings.Replace(s, ",", ".", 1)
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, big.NewRat(100, 1))
	if !r.IsInt() || !r.Num().IsInt64() || r.Num().Int64() > 1e15 {
		return 0, false
	}
	return r.Num().Int64(), true
}

// competitorOffer is one offer of the file for a product; key is its shop's name folded (fold),
// as the own and ignored shops are held.
type competitorOffer struct {
	key   string
	price money.Para
}

// Row is one product of the recalculation (spec "E-offer row"): entry price with VAT ('UC sa
// PDV'), web price, the lowest competitor price ('Min treća cena na EP'), our new price and
// our position at it.
type Row struct {
	ID          uint64     `json:"id"`
	Name        string     `json:"name"`
	SKU         string     `json:"sku"`
	EntryPrice  money.Para `json:"entry_price"` // with VAT
	WebPrice    money.Para `json:"web_price"`
	EponudaMin  money.Para `json:"eponuda_min"`
	NewPrice    money.Para `json:"created_price"`
	Position    int        `json:"position"`
	Category    []string   `json:"category"`
	Supplier    *string    `json:"supplier"`
	CategoryID  uint64     `json:"-"`
	SupplierID  *uint64    `json:"-"`
	entryNet    money.Para
	vat         money.Bps
	competitors []competitorOffer
}

// Result is the recalculation: rows at or above the entry price with VAT ('U okviru ulazne
// cene') and below it ('Ispod ulazne cene'); Skipped counts products with no competitor left
// once the ignored ones and ourselves are taken out (relative to e-ponuda there is no price).
type Result struct {
	ImportID uint64 `json:"import_id"`
	OK       []Row  `json:"ok"`
	NOK      []Row  `json:"nok"`
	Skipped  int    `json:"skipped"`
}

// The divisors of the arithmetic (never written to).
var (
	bigBps    = big.NewInt(10000)       // basis points and hundredths of a percent
	bigDinar  = big.NewInt(100)         // para
	bigBpsRSD = big.NewInt(10000 * 100) // a percentage of para, to dinars
)

// entryWithVAT is the entry price × (1 + VAT), to the para, half away from zero.
func entryWithVAT(entry money.Para, vat money.Bps) money.Para {
	n := new(big.Int).Mul(big.NewInt(int64(entry)), big.NewInt(10000+int64(vat)))
	return money.Para(roundDiv(n, bigBps))
}

// roundDiv is n / d rounded half away from zero (d > 0).
func roundDiv(n, d *big.Int) int64 {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int)) // truncated: r has n's sign
	if r.Abs(r).Lsh(r, 1).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(int64(n.Sign())))
	}
	return q.Int64()
}

// compute fills a row's e-ponuda minimum, new price and position (docs/eoffer.md); false when
// relative to e-ponuda and no competitor is left. eponuda_min is the lowest price among
// offers neither ignored nor ours; the new price is that less the value
// (relative to eponuda) or the entry price with VAT plus the value (relative to entry), to
// whole dinars; the position is 1 + the number of competitors' offers (ours aside, ignored
// ones included: they are still on the comparison site) strictly cheaper than the new price.
func (p parsedSettings) compute(r *Row, own map[string]bool) bool {
	r.EntryPrice = entryWithVAT(r.entryNet, r.vat)
	r.EponudaMin = 0
	found := false
	for _, o := range r.competitors {
		if own[o.key] || p.ignore[o.key] {
			continue
		}
		if !found || o.price < r.EponudaMin {
			r.EponudaMin, found = o.price, true
		}
	}
	var base money.Para
	switch p.relative {
	case RelativeEponuda:
		if !found {
			return false
		}
		base = r.EponudaMin
	default:
		base = r.EntryPrice
	}
	sign := int64(1)
	if p.relative == RelativeEponuda {
		sign = -1
	}
	// To whole dinars, half away from zero (web prices are whole).
	if p.format == FormatPercent {
		// base × (10000 ± value) / 10000, value in hundredths of a percent.
		n := new(big.Int).Mul(big.NewInt(int64(base)), big.NewInt(10000+sign*p.value))
		r.NewPrice = money.Para(roundDiv(n, bigBpsRSD) * 100)
	} else {
		r.NewPrice = money.Para(roundDiv(big.NewInt(int64(base)+sign*p.value), bigDinar) * 100)
	}
	if r.NewPrice < 0 {
		r.NewPrice = 0
	}
	r.Position = 1
	for _, o := range r.competitors {
		if !own[o.key] && o.price < r.NewPrice {
			r.Position++
		}
	}
	return true
}

// Recalc computes the new prices of the products in the newest competitor file (narrowed by
// scope) and splits them, in the products' order, into ok and nok at the entry price with VAT;
// products with no competitor left are counted as skipped. No file yet: empty lists.
func (s *Service) Recalc(ctx context.Context, st Settings, scope Scope) (*Result, error) {
	p, err := st.check()
	if err != nil {
		return nil, err
	}
	imp, err := s.LatestImport(ctx)
	if err != nil {
		return nil, err
	}
	res := &Result{OK: []Row{}, NOK: []Row{}}
	if imp == nil {
		return res, nil
	}
	res.ImportID = imp.ID
	rows, err := s.offerRows(ctx, imp.ID, scope, nil)
	if err != nil {
		return nil, err
	}
	res.OK = make([]Row, 0, len(rows)) // most rows are usually ok
	own := s.ownShops()
	for _, r := range rows {
		switch {
		case !p.compute(r, own):
			res.Skipped++
		case r.NewPrice >= r.EntryPrice:
			res.OK = append(res.OK, *r)
		default:
			res.NOK = append(res.NOK, *r)
		}
	}
	return res, nil
}

func (s *Service) ownShops() map[string]bool {
	own := map[string]bool{}
	for _, n := range s.opts.OwnShops {
		if f := fold(n); f != "" {
			own[f] = true
		}
	}
	return own
}

// offerRows reads the products of import importID's offers (in scope; ids: only those) with
// their competitors' offers (in the file's order), ordered by name in byte order, then id: the
// file's offers, then the products in scope (ids: those by key), the file's kept. The order is
// Go's on both databases: on PostgreSQL a C.UTF-8 database sorts names through strcoll, which
// took longer than the rest of the read, for the same order.
func (s *Service) offerRows(ctx context.Context, importID uint64, scope Scope, ids []uint64) ([]*Row, error) {
	set, err := s.readOfferSet(ctx, importID)
	if err != nil || set == nil {
		return nil, err
	}
	keys := make([]string, len(set.shops))
	for i, name := range set.shops {
		keys[i] = fold(name)
	}
	offers := make(map[uint64][]competitorOffer, len(set.data)/10) // an offer takes about 5 bytes
	if err := set.each(func(pid int64, shop int, price money.Para, _ int) {
		offers[uint64(pid)] = append(offers[uint64(pid)], competitorOffer{key: keys[shop], price: price})
	}); err != nil {
		return nil, err
	}
	cats, sups, err := s.categoriesAndSuppliers(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db.WithContext(ctx).Table("products p").
		Select("p.id, p.name, p.sku, p.entry_price, p.web_price, p.main_category_id, p.supplier_id").
		Where(strings.Join(scope.conditions("p"), " AND "))
	if ids != nil {
		q = q.Where("p.id IN ?", ids)
	}
	dbRows, err := q.Rows()
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: read products")
	}
	defer dbRows.Close()
	out := make([]*Row, 0, len(offers))
	for dbRows.Next() {
		r := &Row{}
		var supplier sql.NullInt64
		if err := dbRows.Scan(&r.ID, &r.Name, &r.SKU, &r.entryNet, &r.WebPrice, &r.CategoryID, &supplier); err != nil {
			return nil, apperr.Wrap(err, "e-offer: read products")
		}
		if r.competitors = offers[r.ID]; r.competitors == nil {
			continue
		}
		r.Category = []string{}
		if c, ok := cats[r.CategoryID]; ok {
			r.Category, r.vat = []string{c.name}, c.vat
		}
		if supplier.Valid {
			id := uint64(supplier.Int64)
			r.SupplierID = &id
			if name, ok := sups[id]; ok {
				r.Supplier = &name
			}
		}
		out = append(out, r)
	}
	if err := dbRows.Err(); err != nil {
		return nil, apperr.Wrap(err, "e-offer: read products")
	}
	slices.SortFunc(out, func(a, b *Row) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}

// category is a category as the rows show it: its name and VAT.
type category struct {
	name string
	vat  money.Bps
}

// categoriesAndSuppliers are every category and supplier by id: a few hundred rows, read once
// rather than joined to every product.
func (s *Service) categoriesAndSuppliers(ctx context.Context) (map[uint64]category, map[uint64]string, error) {
	var catRows []struct {
		ID     uint64
		Name   string
		PdvBps int64
	}
	var supRows []struct {
		ID   uint64
		Name string
	}
	db := s.db.WithContext(ctx)
	if err := db.Table("categories").Select("id, name, pdv_bps").Find(&catRows).Error; err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: read categories")
	}
	if err := db.Table("suppliers").Select("id, name").Find(&supRows).Error; err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: read suppliers")
	}
	cats := make(map[uint64]category, len(catRows))
	for _, c := range catRows {
		cats[c.ID] = category{c.Name, money.Bps(c.PdvBps)}
	}
	sups := make(map[uint64]string, len(supRows))
	for _, su := range supRows {
		sups[su.ID] = su.Name
	}
	return cats, sups, nil
}

// Competitors are the shop names of the newest file's offers, ourselves aside, sorted.
func (s *Service) Competitors(ctx context.Context) ([]string, error) {
	imp, err := s.LatestImport(ctx)
	if err != nil || imp == nil {
		return []string{}, err
	}
	var shops []string
	if err := s.db.WithContext(ctx).Model(&offerSetRow{}).Where("import_id = ?", imp.ID).Pluck("shops", &shops).Error; err != nil {
		return nil, apperr.Wrap(err, "e-offer: competitors")
	}
	out := []string{}
	if len(shops) == 0 {
		return out, nil
	}
	set, err := decodeOfferSet(shops[0], nil)
	if err != nil {
		return nil, err
	}
	own := s.ownShops()
	for _, n := range set.shops {
		if !own[fold(n)] {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

// PriceRow is a row of the prices overview (tab E-ponuda cene).
type PriceRow struct {
	ID         uint64     `json:"id"`
	Name       string     `json:"name"`
	EntryPrice money.Para `json:"entry_price"` // with VAT
	WebPrice   money.Para `json:"web_price"`
	Supplier   *string    `json:"supplier"`
}

// Prices is the overview of the products of the newest file: name, entry price with VAT, web
// price, supplier.
func (s *Service) Prices(ctx context.Context) ([]PriceRow, error) {
	out := []PriceRow{}
	imp, err := s.LatestImport(ctx)
	if err != nil || imp == nil {
		return out, err
	}
	rows, err := s.offerRows(ctx, imp.ID, Scope{}, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, PriceRow{ID: r.ID, Name: r.Name, EntryPrice: entryWithVAT(r.entryNet, r.vat), WebPrice: r.WebPrice, Supplier: r.Supplier})
	}
	return out, nil
}
