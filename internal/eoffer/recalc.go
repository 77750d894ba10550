package eoffer

import (
	"context"
	"fmt"
	"math/big"
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

// CompetitorOffer is one offer of the file for a product.
type CompetitorOffer struct {
	Shop  string
	Price money.Para
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
	competitors []CompetitorOffer
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

// The list a row goes to (Result).
const (
	listSkipped uint8 = iota
	listOK
	listNOK
)

// listOf is the list a computed row goes to: at or above the entry price with VAT ok, below
// it nok, unpriced (no competitor left) skipped.
func listOf(r *Row, priced bool) uint8 {
	switch {
	case !priced:
		return listSkipped
	case r.NewPrice >= r.EntryPrice:
		return listOK
	default:
		return listNOK
	}
}

// entryWithVAT is the entry price × (1 + VAT), to the para, half away from zero.
func entryWithVAT(entry money.Para, vat money.Bps) money.Para {
	n := new(big.Int).Mul(big.NewInt(int64(entry)), big.NewInt(10000+int64(vat)))
	return money.Para(roundDiv(n, big.NewInt(10000)))
}

// toDinars rounds a para amount to whole dinars, half away from zero (web prices are whole).
func toDinars(p *big.Int, den *big.Int) money.Para {
	return money.Para(roundDiv(p, new(big.Int).Mul(den, big.NewInt(100))) * 100)
}

func roundDiv(n, d *big.Int) int64 {
	neg := n.Sign() < 0
	a := new(big.Int).Abs(n)
	q, r := new(big.Int).QuoRem(a, d, new(big.Int))
	if r.Mul(r, big.NewInt(2)).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}

// compute fills a row's e-ponuda minimum, new price and position (spec/decisions.md
// "E-ponuda"); false when relative to e-ponuda and no competitor is left. eponuda_min is the
// lowest price among offers neither ignored nor ours; the new price is that less the value
// (relative to eponuda) or the entry price with VAT plus the value (relative to entry), to
// whole dinars; the position is 1 + the number of competitors' offers (ours aside, ignored
// ones included: they are still on the comparison site) strictly cheaper than the new price.
func (p parsedSettings) compute(r *Row, own map[string]bool) bool {
	r.EntryPrice = entryWithVAT(r.entryNet, r.vat)
	r.EponudaMin = 0
	found := false
	for _, o := range r.competitors {
		f := fold(o.Shop)
		if own[f] || p.ignore[f] {
			continue
		}
		if !found || o.Price < r.EponudaMin {
			r.EponudaMin, found = o.Price, true
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
	if p.format == FormatPercent {
		// base × (10000 ± value) / 10000, value in hundredths of a percent.
		n := new(big.Int).Mul(big.NewInt(int64(base)), big.NewInt(10000+sign*p.value))
		r.NewPrice = toDinars(n, big.NewInt(10000))
	} else {
		r.NewPrice = toDinars(big.NewInt(int64(base)+sign*p.value), big.NewInt(1))
	}
	if r.NewPrice < 0 {
		r.NewPrice = 0
	}
	r.Position = 1
	for _, o := range r.competitors {
		if !own[fold(o.Shop)] && o.Price < r.NewPrice {
			r.Position++
		}
	}
	return true
}

// Recalc computes the new prices of the products in the newest competitor file (narrowed by
// scope) and splits them into ok and nok at the entry price with VAT. No file yet: empty lists.
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
	var rows []Row
	var priced []bool
	if p.value <= maxFastValue && s.db.Dialector.Name() == "postgres" {
		if _, _, err := s.recalcPG(ctx, imp.ID, p, scope, res); err != nil {
			return nil, err
		}
		return res, nil
	}
	if p.value <= maxFastValue {
		rows, priced, err = s.recalcFast(ctx, imp.ID, p, scope)
	} else {
		rows, priced, err = s.recalcGo(ctx, imp.ID, p, scope)
	}
	if err != nil {
		return nil, err
	}
	res.fill(len(rows), func(i int) (*Row, bool) { return &rows[i], priced[i] })
	return res, nil
}

// fill puts n rows (row gives the i-th and whether it is priced) into the lists, in order: at
// or above the entry price with VAT in OK, below it in NOK, unpriced ones counted as skipped.
// The lists are sized first: appending 50,000 rows to growing slices cost more than computing
// them.
func (res *Result) fill(n int, row func(i int) (*Row, bool)) {
	var okN, nokN int
	for i := 0; i < n; i++ {
		switch listOf(row(i)) {
		case listOK:
			okN++
		case listNOK:
			nokN++
		}
	}
	res.OK, res.NOK = make([]Row, 0, okN), make([]Row, 0, nokN)
	for i := 0; i < n; i++ {
		r, priced := row(i)
		switch listOf(r, priced) {
		case listOK:
			res.OK = append(res.OK, *r)
		case listNOK:
			res.NOK = append(res.NOK, *r)
		default:
			res.Skipped++
		}
	}
}

// recalcGo is the reference recalculation: the offers read back per product and computed in
// Go (compute). Recalc uses it for values beyond maxFastValue; the tests hold recalcFast to it.
func (s *Service) recalcGo(ctx context.Context, importID uint64, p parsedSettings, scope Scope) ([]Row, []bool, error) {
	rows, err := s.offerRows(ctx, importID, scope, nil)
	if err != nil {
		return nil, nil, err
	}
	own := s.ownShops()
	priced := make([]bool, len(rows))
	for i := range rows {
		priced[i] = p.compute(&rows[i], own)
	}
	return rows, priced, nil
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
// their competitors' offers (in the file's order), ordered by name, then id: the file's
// offers, then the products in scope (ids: those by key), the file's kept.
func (s *Service) offerRows(ctx context.Context, importID uint64, scope Scope, ids []uint64) ([]Row, error) {
	set, err := s.readOfferSet(ctx, importID)
	if err != nil || set == nil {
		return nil, err
	}
	offers := map[uint64][]CompetitorOffer{}
	if err := set.each(func(pid int64, shop int, price money.Para, _ int) {
		offers[uint64(pid)] = append(offers[uint64(pid)], CompetitorOffer{Shop: set.shops[shop], Price: price})
	}); err != nil {
		return nil, err
	}
	q := s.db.WithContext(ctx).Table("products p").
		Select("p.id, p.name, p.sku, p.entry_price, p.web_price, p.main_category_id, c.name AS category, c.pdv_bps, p.supplier_id, su.name AS supplier").
		Joins("LEFT JOIN categories c ON c.id = p.main_category_id").
		Joins("LEFT JOIN suppliers su ON su.id = p.supplier_id").
		Where(strings.Join(scope.conditions("p"), " AND "))
	if ids != nil {
		q = q.Where("p.id IN ?", ids)
	}
	dbRows, err := q.Order("p.name, p.id").Rows()
	if err != nil {
		return nil, apperr.Wrap(err, "e-offer: read products")
	}
	defer dbRows.Close()
	out := []Row{}
	for dbRows.Next() {
		var (
			r                   Row
			entry, web          int64
			mainCat, supplierID *uint64
			cat, supplier       *string
			pdv                 *int64
		)
		if err := dbRows.Scan(&r.ID, &r.Name, &r.SKU, &entry, &web, &mainCat, &cat, &pdv, &supplierID, &supplier); err != nil {
			return nil, apperr.Wrap(err, "e-offer: read products")
		}
		if r.competitors = offers[r.ID]; r.competitors == nil {
			continue
		}
		r.entryNet, r.WebPrice, r.SupplierID, r.Supplier, r.Category = money.Para(entry), money.Para(web), supplierID, supplier, []string{}
		if mainCat != nil {
			r.CategoryID = *mainCat
		}
		if cat != nil {
			r.Category = []string{*cat}
		}
		if pdv != nil {
			r.vat = money.Bps(*pdv)
		}
		out = append(out, r)
	}
	if err := dbRows.Err(); err != nil {
		return nil, apperr.Wrap(err, "e-offer: read products")
	}
	return out, nil
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
