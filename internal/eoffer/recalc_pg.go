package eoffer

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// onceBool is a value worked out once per service (and its Inline copies).
type onceBool struct {
	once sync.Once
	v    bool
}

// byteOrderPG says whether the database sorts text in byte order. The rows are by name in the
// database's collation, then id. When that collation is C or C.UTF-8 (libc's C.UTF-8 sorts by
// code point, which for UTF-8 is byte order, and PostgreSQL breaks strcoll's ties by bytes), the
// same order comes from comparing bytes, so recalcPG sorts in Go (PostgreSQL's sort of the
// products by name took about as long as reading them). Any other collation (ICU, a
// language's) keeps ORDER BY in the statement.
func (s *Service) byteOrderPG(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) bool {
	s.byteOrder.once.Do(func() {
		var coll string
		var icu bool
		err := q.QueryRow(ctx, `SELECT datcollate, current_setting('server_version_num')::int >= 150000
			FROM pg_database WHERE datname = current_database()`).Scan(&coll, &icu)
		if err != nil {
			return
		}
		if icu { // PostgreSQL 15+: an ICU database's collation is not datcollate
			if err := q.QueryRow(ctx, "SELECT datlocprovider = 'i' FROM pg_database WHERE datname = current_database()").Scan(&icu); err != nil {
				return
			}
		}
		switch strings.ToLower(coll) {
		case "c", "posix", "c.utf-8", "c.utf8":
			s.byteOrder.v = !icu
		}
	})
	return s.byteOrder.v
}

// recalcPG is the recalculation on PostgreSQL: the file's offers are read (one value) into
// per-product chains, then the products (every one in scope, or the file's by key:
// readAllProducts) with the file's kept in Go; the minimum, the new price and the position are
// computed per row with 64-bit integers (computeFast: the reference's arithmetic, exact for
// values up to maxFastValue; TestRecalcFastMatchesReference holds them equal). A set-based
// statement that computed them in SQL joined the offers twice (the position needs the new
// price); a join of products to the offers spent most of its time grouping and hashing them.
//
// With split set, the rows go straight into its lists (ok, nok, skipped) instead of being
// returned: one copy of 50,000 rows fewer.
func (s *Service) recalcPG(ctx context.Context, importID uint64, p parsedSettings, scope Scope, split *Result) (rows []Row, priced []bool, err error) {
	sqlDB, err := s.db.DB()
	if err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: pool")
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: connection")
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("e-offer: not a pgx connection (%T)", dc)
		}
		pc := sc.Conn()
		// No transaction: the file's offers never change once its import has finished, and
		// the products are read once.
		goSort := s.byteOrderPG(ctx, pc)
		// The file's offers (one value) with the catalogue's size. A newer file that finished
		// meanwhile has replaced them: no rows.
		var shopsJSON string
		var data []byte
		var fileProducts int
		var catalogue float64
		err := pc.QueryRow(ctx, `SELECT s.shops, s.offers, s.products, GREATEST(c.reltuples, COALESCE(st.n_live_tup, 0))::float8
			FROM eoffer_offer_sets s, pg_class c LEFT JOIN pg_stat_user_tables st ON st.relid = c.oid
			WHERE s.import_id = $1 AND c.oid = 'products'::regclass`, importID).Scan(&shopsJSON, &data, &fileProducts, &catalogue)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		// Categories and suppliers are a few hundred rows shared by the products: read once and
		// joined here (the statement's two hash joins were a fifth of PostgreSQL's side).
		cats, sups, err := namesPG(ctx, pc)
		if err != nil {
			return err
		}
		// The file's products: a file that names a good share of the catalogue (a daily
		// e-ponuda export names most of it) reads every product in scope and keeps the file's
		// in Go (a scan of products: no grouping of the offers, no join; the semi-join on the
		// partition spent two thirds of its time grouping and hashing); a small one reads
		// its products by key. The scan is started before the offers are decoded: PostgreSQL
		// reads while Go decodes.
		where := scope.conditions("p")
		q := `SELECT p.id, p.name, p.sku, p.entry_price, p.web_price, p.main_category_id, p.supplier_id FROM products p WHERE `
		order := ""
		if !goSort {
			order = " ORDER BY p.name, p.id"
		}
		// Every column in binary: the bigints as 8 bytes, text and varchar as their bytes,
		// decoded by hand below (pgx's scan plans per column, and a pointer per nullable one,
		// cost more than the computation).
		inBinary := pgx.QueryResultFormats{pgtype.BinaryFormatCode}
		var dbRows pgx.Rows
		readAll := s.readAllProducts(fileProducts, catalogue)
		if readAll {
			if dbRows, err = pc.Query(ctx, q+strings.Join(where, " AND ")+order, inBinary); err != nil {
				return err
			}
			defer dbRows.Close()
		}
		// The offers into per-product chains, each offer with its shop told apart (shopFlags)
		// once per shop.
		set, err := decodeOfferSet(shopsJSON, data)
		if err != nil {
			return err
		}
		own := s.ownShops()
		flags := make([]uint8, len(set.shops))
		for i, sh := range set.shops {
			flags[i] = p.shopFlags(own, sh)
		}
		chains, err := offerChains(set, flags)
		if err != nil {
			return err
		}
		if chains.products == 0 {
			return nil
		}
		if !readAll {
			where = append(where, "p.id = ANY($1)")
			if dbRows, err = pc.Query(ctx, q+strings.Join(where, " AND ")+order, inBinary, chains.ids()); err != nil {
				return err
			}
			defer dbRows.Close()
		}
		scan, err := p.scanProducts(dbRows, chains, cats, sups, goSort, chains.products)
		if err != nil {
			return err
		}
		keys := scan.keys
		if goSort {
			keys = mergeRuns(keys, blockRows)
		}
		n := len(keys)
		at := func(k sortKey) *Row { return &scan.blocks[k.at/blockRows][k.at%blockRows] }
		if split != nil {
			split.fillKeyed(keys, scan.okN, scan.nokN, at)
			return nil
		}
		rows, priced = make([]Row, n), make([]bool, n)
		for i, k := range keys {
			rows[i], priced[i] = *at(k), k.list != listSkipped
		}
		return nil
	})
	if err != nil {
		return nil, nil, apperr.Wrap(err, "e-offer: recalculate")
	}
	return rows, priced, nil
}

// readAllProducts says whether recalcPG reads every product in scope (and keeps the file's)
// rather than the file's products by key: when they are at least a quarter of the catalogue
// (its planner's estimate). Key look-ups cost a few times a scanned row (50,000 of them 45-75
// ms against a 15-25 ms scan of as many rows, as loadPG found for the SKUs). The tests force
// either way (productRead).
func (s *Service) readAllProducts(fileProducts int, catalogue float64) bool {
	switch s.productRead {
	case productsByKey:
		return false
	case productsAll:
		return true
	}
	return float64(fileProducts)*4 >= catalogue
}

// productRead forces recalcPG's read of products (the tests); decided by size by default.
type productRead int8

const (
	productsBySize productRead = iota
	productsAll
	productsByKey
)

// blockRows is how many rows recalcPG gathers per block: a growing []Row of 50,000 rows was
// copied at every doubling, which cost more than computing them.
const blockRows = 4096

// sortKey is a row's place in recalcPG's byte-order sort.
type sortKey struct {
	name string
	id   uint64
	at   int32
	list uint8 // listOf
}

// fillKeyed puts the rows of keys (in order; row gives each key's row) into the lists, sized
// okN and nokN, in two halves at once: PostgreSQL has finished by now, so both cores are Go's,
// and copying 50,000 rows was the recalculation's largest step after the read.
func (res *Result) fillKeyed(keys []sortKey, okN, nokN int, row func(sortKey) *Row) {
	res.OK, res.NOK = make([]Row, okN), make([]Row, nokN)
	half := len(keys) / 2
	ok1, nok1 := 0, 0
	for _, k := range keys[:half] {
		switch k.list {
		case listOK:
			ok1++
		case listNOK:
			nok1++
		}
	}
	fill := func(keys []sortKey, ok, nok []Row) {
		for _, k := range keys {
			switch k.list {
			case listOK:
				ok[0], ok = *row(k), ok[1:]
			case listNOK:
				nok[0], nok = *row(k), nok[1:]
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fill(keys[half:], res.OK[ok1:], res.NOK[nok1:])
	}()
	fill(keys[:half], res.OK[:ok1], res.NOK[:nok1])
	wg.Wait()
	res.Skipped = len(keys) - okN - nokN
}

// compareKeys orders by name in byte order, then id.
func compareKeys(a, b sortKey) int {
	if c := strings.Compare(a.name, b.name); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// mergeRuns merges keys sorted in runs of run keys (the last one shorter) into one order,
// pairwise.
func mergeRuns(keys []sortKey, run int) []sortKey {
	if len(keys) <= run {
		return keys
	}
	buf := make([]sortKey, len(keys))
	for ; run < len(keys); run *= 2 {
		for lo := 0; lo < len(keys); lo += 2 * run {
			mid, hi := min(lo+run, len(keys)), min(lo+2*run, len(keys))
			a, b, out := keys[lo:mid], keys[mid:hi], buf[lo:lo]
			for len(a) > 0 && len(b) > 0 {
				if compareKeys(b[0], a[0]) < 0 {
					out, b = append(out, b[0]), b[1:]
				} else {
					out, a = append(out, a[0]), a[1:]
				}
			}
			// what is left of a or b follows the merged part, in place in buf
			n := lo + len(out)
			n += copy(buf[n:hi], a)
			copy(buf[n:hi], b)
		}
		keys, buf = buf, keys
	}
	return keys
}

// productScan is recalcPG's read of products: the file's rows in blocks, their sort keys
// (each with its list; each block's sorted when sorted is set) and the ok/nok counts.
type productScan struct {
	blocks    [][]Row
	keys      []sortKey
	okN, nokN int
}

// scanProducts computes the file's products among rows.
func (p parsedSettings) scanProducts(dbRows pgx.Rows, chains *chainIndex, cats map[uint64]categoryName, sups supplierNames, sorted bool, size int) (*productScan, error) {
	if err := checkBinary(dbRows.FieldDescriptions(), 1, 2); err != nil {
		return nil, err
	}
	sc := &productScan{keys: make([]sortKey, 0, size)}
	var comp []competitorFlag
	n := 0
	for dbRows.Next() {
		// Only the file's products (a read of every product in scope brings others).
		v := dbRows.RawValues()
		h := chains.first(int8Of(v[0]))
		if h < 0 {
			continue
		}
		if n%blockRows == 0 {
			if sorted && n > 0 {
				// The block's keys sorted while PostgreSQL sends the next rows (the read
				// waits on it anyway); the runs are merged at the end.
				slices.SortFunc(sc.keys[n-blockRows:], compareKeys)
			}
			sc.blocks = append(sc.blocks, make([]Row, 0, blockRows))
		}
		b := len(sc.blocks) - 1
		sc.blocks[b] = append(sc.blocks[b], Row{})
		r := &sc.blocks[b][len(sc.blocks[b])-1]
		r.ID, r.Name, r.SKU = uint64(int8Of(v[0])), string(v[1]), string(v[2])
		r.entryNet, r.WebPrice = money.Para(int8Of(v[3])), money.Para(int8Of(v[4]))
		r.Category = []string{}
		if v[5] != nil {
			r.CategoryID = uint64(int8Of(v[5]))
			if c, ok := cats[r.CategoryID]; ok {
				r.Category, r.vat = c.name, c.vat
			}
		}
		if v[6] != nil {
			sup := sups.of(uint64(int8Of(v[6])))
			r.SupplierID, r.Supplier = sup.id, sup.name
		}
		comp = comp[:0]
		for i := h; i >= 0; i = chains.links[i].next {
			comp = append(comp, competitorFlag{price: chains.links[i].price, flags: chains.links[i].flags})
		}
		list := listOf(r, p.computeFast(r, comp))
		switch list {
		case listOK:
			sc.okN++
		case listNOK:
			sc.nokN++
		}
		sc.keys = append(sc.keys, sortKey{name: r.Name, id: r.ID, at: int32(n), list: list})
		n++
	}
	if err := dbRows.Err(); err != nil {
		return nil, err
	}
	if sorted {
		slices.SortFunc(sc.keys[(max(n-1, 0)/blockRows)*blockRows:], compareKeys)
	}
	return sc, nil
}

// offerLink is one offer in recalcPG's per-product chains (next: the product's previous
// offer, -1 at the end).
type offerLink struct {
	price money.Para
	flags uint8
	next  int32
}

// chainIndex is a file's offers as per-product chains: links, and per product its last
// offer's link. Product ids are bigserial, so a file's usually lie in a span not much wider
// than their count: then the heads are a slice over the span (no hashing: a map's look-up per
// scanned product cost more than the rest of the read); otherwise a map.
type chainIndex struct {
	links    []offerLink
	products int
	lo       int64
	dense    []int32 // per id - lo: the head, -1 none; nil: sparse
	sparse   map[int64]int32
}

// offerChains reads a set's offers into chains, each offer with its shop's flags.
func offerChains(set *offerSet, flags []uint8) (*chainIndex, error) {
	// About 5 bytes an offer: sized once instead of grown.
	c := &chainIndex{links: make([]offerLink, 0, len(set.data)/5)}
	pids := make([]int64, 0, len(set.data)/5)
	if err := set.each(func(pid int64, shop int, price money.Para, _ int) {
		pids = append(pids, pid)
		c.links = append(c.links, offerLink{price: price, flags: flags[shop], next: -1})
	}); err != nil {
		return nil, err
	}
	if len(pids) == 0 {
		return c, nil
	}
	lo, hi := slices.Min(pids), slices.Max(pids)
	if uint64(hi-lo) < uint64(4*len(pids)+4096) {
		c.lo, c.dense = lo, make([]int32, hi-lo+1)
		for i := range c.dense {
			c.dense[i] = -1
		}
		for i, pid := range pids {
			h := &c.dense[pid-lo]
			if *h < 0 {
				c.products++
			}
			c.links[i].next, *h = *h, int32(i)
		}
		return c, nil
	}
	c.sparse = make(map[int64]int32, len(pids)/2)
	for i, pid := range pids {
		h, ok := c.sparse[pid]
		if !ok {
			h = -1
			c.products++
		}
		c.links[i].next = h
		c.sparse[pid] = int32(i)
	}
	return c, nil
}

// first is product id's last offer's link, -1 when the file has none of it.
func (c *chainIndex) first(id int64) int32 {
	if c.dense == nil {
		if h, ok := c.sparse[id]; ok {
			return h
		}
		return -1
	}
	if id < c.lo || id-c.lo >= int64(len(c.dense)) {
		return -1
	}
	return c.dense[id-c.lo]
}

// ids are the file's products.
func (c *chainIndex) ids() []int64 {
	out := make([]int64, 0, c.products)
	for i, h := range c.dense {
		if h >= 0 {
			out = append(out, c.lo+int64(i))
		}
	}
	for id := range c.sparse {
		out = append(out, id)
	}
	return out
}

// competitorFlag is one offer of a product with its shop told apart: 1 ours, 2 not counted in
// the minimum (ours or ignored).
type competitorFlag struct {
	price money.Para
	flags uint8
}

// checkBinary makes sure every column came in binary as a bigint, but the text columns (at
// the indexes given) as text or varchar: what the hand decoding reads.
func checkBinary(fds []pgconn.FieldDescription, text ...int) error {
	for i, fd := range fds {
		isText := fd.DataTypeOID == pgtype.VarcharOID || fd.DataTypeOID == pgtype.TextOID
		if fd.Format != pgtype.BinaryFormatCode || slices.Contains(text, i) != isText || !isText && fd.DataTypeOID != pgtype.Int8OID {
			return fmt.Errorf("e-offer: column %s (type %d, format %d) is not what is decoded", fd.Name, fd.DataTypeOID, fd.Format)
		}
	}
	return nil
}

// categoryNames is a category as recalcPG's rows show it: its name (shared by the rows) and
// VAT.
type categoryName struct {
	name []string
	vat  money.Bps
}

// supplierNames are the suppliers by id, each one's id and name shared by its rows (an unknown
// id keeps the id with no name, as the LEFT JOIN did).
type supplierNames map[uint64]supplierName

type supplierName struct {
	id   *uint64
	name *string
}

func (m supplierNames) of(id uint64) supplierName {
	if sup, ok := m[id]; ok {
		return sup
	}
	return supplierName{id: &id}
}

// namesPG reads every category's name and VAT and every supplier's name.
func namesPG(ctx context.Context, pc *pgx.Conn) (map[uint64]categoryName, supplierNames, error) {
	cats := map[uint64]categoryName{}
	rows, err := pc.Query(ctx, "SELECT id, name, pdv_bps FROM categories")
	if err != nil {
		return nil, nil, err
	}
	var id uint64
	var name string
	var vat int64
	if _, err := pgx.ForEachRow(rows, []any{&id, &name, &vat}, func() error {
		cats[id] = categoryName{name: []string{name}, vat: money.Bps(vat)}
		return nil
	}); err != nil {
		return nil, nil, err
	}
	sups := supplierNames{}
	rows, err = pc.Query(ctx, "SELECT id, name FROM suppliers")
	if err != nil {
		return nil, nil, err
	}
	if _, err := pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		sid, sname := id, name
		sups[id] = supplierName{id: &sid, name: &sname}
		return nil
	}); err != nil {
		return nil, nil, err
	}
	return cats, sups, nil
}

// int8Of decodes a bigint in binary format.
func int8Of(b []byte) int64 {
	return int64(binary.BigEndian.Uint64(b))
}

// roundDiv64 is roundDiv on 64-bit integers: n / d to the nearest integer, half away from zero
// (d > 0). The callers keep 2n + d inside int64 (maxFastValue).
func roundDiv64(n, d int64) int64 {
	if n < 0 {
		return -((-n*2 + d) / (2 * d))
	}
	return (n*2 + d) / (2 * d)
}

// computeFast is compute for values up to maxFastValue, with the shops already told apart.
func (p parsedSettings) computeFast(r *Row, offers []competitorFlag) bool {
	r.EntryPrice = money.Para(roundDiv64(int64(r.entryNet)*(10000+int64(r.vat)), 10000))
	r.EponudaMin = 0
	found := false
	for _, o := range offers {
		if o.flags&2 != 0 {
			continue
		}
		if !found || o.price < r.EponudaMin {
			r.EponudaMin, found = o.price, true
		}
	}
	var base int64
	sign := int64(1)
	switch p.relative {
	case RelativeEponuda:
		if !found {
			return false
		}
		base, sign = int64(r.EponudaMin), -1
	default:
		base = int64(r.EntryPrice)
	}
	if p.format == FormatPercent {
		r.NewPrice = money.Para(roundDiv64(base*(10000+sign*p.value), 10000*100) * 100)
	} else {
		r.NewPrice = money.Para(roundDiv64(base+sign*p.value, 100) * 100)
	}
	if r.NewPrice < 0 {
		r.NewPrice = 0
	}
	r.Position = 1
	for _, o := range offers {
		if o.flags&1 == 0 && o.price < r.NewPrice {
			r.Position++
		}
	}
	return true
}
