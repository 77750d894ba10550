package pricelist_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/platform/apperr"
	"shop/internal/pricelist"
	"shop/internal/pricing"
)

// imNotes records the notifications of an import test's service, as their JSON.
type imNotes struct {
	mu    sync.Mutex
	notes []imNote
}

type imNote struct {
	UserID uint64
	Type   string
	Data   map[string]any
}

// NotifyTx records the notification when it is published (after the commit): a rolled-back
// import tells nobody.
func (n *imNotes) NotifyTx(_ *gorm.DB, userID uint64, typ string, data any) (func(context.Context), error) {
	return func(ctx context.Context) { n.Notify(ctx, userID, typ, data) }, nil
}

func (n *imNotes) Notify(_ context.Context, userID uint64, typ string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.notes = append(n.notes, imNote{userID, typ, m})
	return nil
}

// take answers the notifications so far and forgets them.
func (n *imNotes) take() []imNote {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := n.notes
	n.notes = nil
	return out
}

func imTypes(notes []imNote) []string {
	out := []string{}
	for _, n := range notes {
		out = append(out, n.Type)
	}
	return out
}

// imService is the app's price-list service without a queue (the import runs inside Upload),
// its notifications recorded.
func imService(a *app.App) (*pricelist.Service, *imNotes) {
	n := &imNotes{}
	return pricelist.NewService(a.DB, a.Catalog, a.Blobs, nil, n, a.Log, a.Clock, pricelist.Options{}), n
}

// imXLSX writes a one-sheet workbook of the rows.
func imXLSX(tb testing.TB, rows ...[]any) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		if err := f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+1), &r); err != nil {
			tb.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

var imHeader = []any{"Šifra", "Naziv", "Kategorija", "Cena", "Stanje"}

func imExec(tb testing.TB, a *app.App, q string, args ...any) {
	tb.Helper()
	if err := a.DB.Exec(q, args...).Error; err != nil {
		tb.Fatal(err)
	}
}

func imID(tb testing.TB, a *app.App, q string, args ...any) uint64 {
	tb.Helper()
	var id uint64
	if err := a.DB.Raw(q, args...).Row().Scan(&id); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return id
}

// imUpload uploads data for the supplier as user 7 and answers the finished import.
func imUpload(tb testing.TB, pl *pricelist.Service, supplierID uint64, data []byte) *pricelist.ImportView {
	tb.Helper()
	imp, err := pl.Upload(context.Background(), 7, supplierID, "cenovnik.xlsx", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		tb.Fatalf("upload: %v", err)
	}
	if imp.Status != pricelist.StatusFinished {
		tb.Fatalf("import %d: status %s, error %s", imp.ID, imp.Status, imp.Error)
	}
	return imp
}

func imCounts(v *pricelist.ImportView) pricelist.Counts {
	return pricelist.Counts{Rows: v.Rows, Created: v.Created, Updated: v.Updated, Unchanged: v.Unchanged, Rejected: v.Rejected}
}

// imSupplierProduct is a supplier product as the tests compare it.
type imSupplierProduct struct {
	Name       string
	Category   string
	Price      int64
	Stock      int
	CategoryID *uint64
	ProductID  *uint64
}

func imSupplierProducts(tb testing.TB, a *app.App, supplierID uint64) map[string]imSupplierProduct {
	tb.Helper()
	var rows []struct {
		SKU        string `gorm:"column:sku"`
		Name       string
		Category   string
		Price      int64
		Stock      int
		CategoryID *uint64
		ProductID  *uint64
	}
	if err := a.DB.Raw("SELECT sku, name, category, price, stock, category_id, product_id FROM supplier_products WHERE supplier_id = ?", supplierID).
		Scan(&rows).Error; err != nil {
		tb.Fatal(err)
	}
	out := map[string]imSupplierProduct{}
	for _, r := range rows {
		out[r.SKU] = imSupplierProduct{Name: r.Name, Category: r.Category, Price: r.Price, Stock: r.Stock, CategoryID: r.CategoryID, ProductID: r.ProductID}
	}
	return out
}

type imProduct struct {
	EntryPrice, WebPrice, RetailPrice, DealerPrice, AuthenticatedPrice int64
	Stock                                                              int
	SupplierID                                                         *uint64
}

func imProductOf(tb testing.TB, a *app.App, id uint64) imProduct {
	tb.Helper()
	var p imProduct
	if err := a.DB.Raw("SELECT entry_price, web_price, retail_price, dealer_price, authenticated_price, stock, supplier_id FROM products WHERE id = ?", id).
		Scan(&p).Error; err != nil {
		tb.Fatal(err)
	}
	return p
}

// imWrites is the newest updated_at of the tables an import writes, with their row counts: an
// import that changes nothing leaves it as it was.
func imWrites(tb testing.TB, a *app.App) string {
	tb.Helper()
	var out []string
	for _, t := range []string{"supplier_products", "products"} {
		var n int64
		var last *string
		var rows []struct {
			N    int64
			Last *string
		}
		if err := a.DB.Raw("SELECT COUNT(*) AS n, MAX(updated_at) AS last FROM " + t).Scan(&rows).Error; err != nil {
			tb.Fatal(err)
		}
		if len(rows) == 1 {
			n, last = rows[0].N, rows[0].Last
		}
		l := ""
		if last != nil {
			l = *last
		}
		out = append(out, fmt.Sprintf("%s %d %s", t, n, l))
	}
	return fmt.Sprint(out)
}

// imShop is a category (VAT 20 %, web 10 %, retail 25 %, dealer 5 %), a supplier, a shop product
// P1 of SKU A1 and P2 of SKU A2 that another supplier's product holds already.
type imShop struct {
	category, supplier, other, p1, p2 uint64
}

func imSetup(tb testing.TB, a *app.App) imShop {
	tb.Helper()
	now := time.Now().UTC()
	var s imShop
	imExec(tb, a, `INSERT INTO categories (name, slug, prefix, pdv_bps, web_margin_bps, retail_margin_bps, dealer_margin_bps, created_at, updated_at)
		VALUES ('Laptopovi', 'laptopovi', 'LAP', 2000, 1000, 2500, 500, ?, ?)`, now, now)
	s.category = imID(tb, a, "SELECT id FROM categories WHERE slug = 'laptopovi'")
	for _, name := range []string{"Comtrade", "Ewe"} {
		imExec(tb, a, "INSERT INTO suppliers (name, created_at, updated_at) VALUES (?, ?, ?)", name, now, now)
	}
	s.supplier = imID(tb, a, "SELECT id FROM suppliers WHERE name = 'Comtrade'")
	s.other = imID(tb, a, "SELECT id FROM suppliers WHERE name = 'Ewe'")
	for _, sku := range []string{"A1", "A2"} {
		imExec(tb, a, `INSERT INTO products (sku, name, slug, main_category_id, entry_price, stock, created_at, updated_at)
			VALUES (?, ?, ?, ?, 1, 0, ?, ?)`, sku, "Proizvod "+sku, "proizvod-"+sku, s.category, now, now)
	}
	s.p1 = imID(tb, a, "SELECT id FROM products WHERE sku = 'A1'")
	s.p2 = imID(tb, a, "SELECT id FROM products WHERE sku = 'A2'")
	imExec(tb, a, `INSERT INTO supplier_products (supplier_id, sku, name, price, product_id, created_at, updated_at)
		VALUES (?, 'E-A2', 'Ewe A2', 500, ?, ?, ?)`, s.other, s.p2, now, now)
	return s
}

// TestImport: a first import creates, connects by equal SKU, prices the connected product and
// reports rejected rows, duplicates and unmapped categories; the same file again changes
// nothing; a category link then places the rows; a new price reprices the shop product.
func TestImport(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) { importScenario(t, a, 0) })
}

// TestImportInChunks: the same with chunks of two rows (the duplicate's first row and the
// connected product's row are merged in chunks before the later rows are staged).
// TestImportInChunksFailure: a failure in the last chunk undoes the chunks merged before it.
func TestImportInChunks(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) { importScenario(t, a, 2) })
}

func TestImportInChunksFailure(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, _ := imService(a)
		pl = pricelist.WithChunkRows(pl, 2)
		s := imSetup(t, a)
		imUpload(t, pl, s.supplier, imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1}))
		sup := imSupplierProducts(t, a, s.supplier)
		p1 := imProductOf(t, a, s.p1)
		file := imXLSX(t, imHeader, []any{"A1", "Laptop novi", "Laptopovi", 2000, 2}, []any{"B1", "Novi", "Laptopovi", 10, 1},
			[]any{"C1", "Treći", "Laptopovi", 30, 1}, []any{"D1", "Četvrti", "Laptopovi", 40, 1}, []any{"E1", "Peti", "Laptopovi", 50, 1})
		chunks := 0
		killed := pricelist.WithMergeHook(pl, func(at string) error {
			if at == "products" {
				if chunks++; chunks == 3 {
					return errors.New("killed in the last chunk")
				}
			}
			return nil
		})
		imp, err := killed.Upload(context.Background(), 7, s.supplier, "novi.xlsx", bytes.NewReader(file), int64(len(file)))
		if err == nil || imp.Status != pricelist.StatusFailed || chunks != 3 {
			t.Fatalf("the failure in the third chunk: %v, status %s, %d chunks", err, imp.Status, chunks)
		}
		if diff := cmp.Diff(sup, imSupplierProducts(t, a, s.supplier)); diff != "" {
			t.Errorf("supplier products changed by a failed import (-before +after):\n%s", diff)
		}
		if diff := cmp.Diff(p1, imProductOf(t, a, s.p1)); diff != "" {
			t.Errorf("product changed by a failed import (-before +after):\n%s", diff)
		}
	})
}

func importScenario(t *testing.T, a *app.App, chunkRows int) {
	{
		pl, notes := imService(a)
		pl = pricelist.WithChunkRows(pl, chunkRows)
		s := imSetup(t, a)
		file := imXLSX(t, []any{"Cenovnik Comtrade"}, imHeader,
			[]any{"A1", "Laptop Lenovo", "Laptopovi", "1.000,00", 5}, // row 3
			[]any{"A2", "Laptop Asus", "Laptopovi", 2000, 7},
			[]any{"0042", "Monitor LG", "Monitori", "15.000,50", 1},
			[]any{"X1", "Bez cene", "Monitori", "", 1},              // row 6: no price
			[]any{"A1", "Laptop Lenovo duplo", "Laptopovi", 999, 1}, // row 7: duplicate of row 3
			[]any{"", "Bez šifre", "Monitori", 10, 1},               // row 8: no SKU
			[]any{"M2", "Miš", "", 300, 0},
		)
		imp := imUpload(t, pl, s.supplier, file)
		if diff := cmp.Diff(pricelist.Counts{Rows: 7, Created: 4, Rejected: 3}, imCounts(imp)); diff != "" {
			t.Errorf("first import counts (-want +got):\n%s", diff)
		}
		report := imp.ParsedReport()
		wantRejected := []pricelist.RejectedRow{
			{Row: 6, SKU: "X1", Reason: pricelist.RejectNoPrice},
			{Row: 7, SKU: "A1", Reason: "pricelist.duplicate_sku", Args: map[string]any{"first": float64(3)}},
			{Row: 8, SKU: "", Reason: pricelist.RejectNoSKU},
		}
		if diff := cmp.Diff(wantRejected, report.RejectedRows); diff != "" {
			t.Errorf("rejected rows (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]pricelist.DuplicateSKU{{SKU: "A1", Rows: []int{3, 7}}}, report.DuplicateSKUs); diff != "" {
			t.Errorf("duplicate SKUs (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"Laptopovi", "Monitori"}, report.UnmappedCategories); diff != "" {
			t.Errorf("unmapped categories (-want +got):\n%s", diff)
		}
		want := map[string]imSupplierProduct{
			"A1":   {Name: "Laptop Lenovo", Category: "Laptopovi", Price: 100000, Stock: 5, ProductID: &s.p1},
			"A2":   {Name: "Laptop Asus", Category: "Laptopovi", Price: 200000, Stock: 7}, // P2 is Ewe's
			"0042": {Name: "Monitor LG", Category: "Monitori", Price: 1500050, Stock: 1},
			"M2":   {Name: "Miš", Category: "", Price: 30000, Stock: 0},
		}
		if diff := cmp.Diff(want, imSupplierProducts(t, a, s.supplier)); diff != "" {
			t.Errorf("supplier products (-want +got):\n%s", diff)
		}
		pr := pricing.Derive(100000, pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500})
		wantP1 := imProduct{EntryPrice: 100000, WebPrice: int64(pr.Web), RetailPrice: int64(pr.Retail), DealerPrice: int64(pr.Dealer),
			AuthenticatedPrice: int64(pr.Authenticated), Stock: 5, SupplierID: &s.supplier}
		if diff := cmp.Diff(wantP1, imProductOf(t, a, s.p1)); diff != "" {
			t.Errorf("connected product (-want +got):\n%s", diff)
		}
		if got := imProductOf(t, a, s.p2); got.EntryPrice != 1 || got.SupplierID != nil {
			t.Errorf("P2 (another supplier's) was changed: %+v", got)
		}
		got := notes.take()
		if diff := cmp.Diff([]string{"PricelistUploaded", "CategoriesNotMapped", "ImportFinished"}, imTypes(got)); diff != "" {
			t.Fatalf("notifications (-want +got):\n%s", diff)
		}
		for _, n := range got {
			if n.UserID != 7 || n.Data["message"] == "" {
				t.Errorf("%s: user %d, message %q", n.Type, n.UserID, n.Data["message"])
			}
			ref, _ := n.Data["pricelist"].(map[string]any)
			if ref["id"] != float64(imp.ID) || ref["supplier"] != "Comtrade" || ref["file_name"] != "cenovnik.xlsx" || ref["supplier_id"] != float64(s.supplier) {
				t.Errorf("%s: pricelist %v", n.Type, ref)
			}
		}
		if diff := cmp.Diff([]any{"Laptopovi", "Monitori"}, got[1].Data["categories"]); diff != "" {
			t.Errorf("CategoriesNotMapped categories (-want +got):\n%s", diff)
		}
		wantCounts := map[string]any{"rows": 7.0, "created": 4.0, "updated": 0.0, "unchanged": 0.0, "rejected": 3.0}
		if diff := cmp.Diff(wantCounts, got[2].Data["counts"]); diff != "" {
			t.Errorf("ImportFinished counts (-want +got):\n%s", diff)
		}
		if rr, _ := got[2].Data["rejected_rows"].([]any); len(rr) != 3 || rr[0].(map[string]any)["reason"] != "Nedostaje cena" {
			t.Errorf("ImportFinished rejected rows: %v", got[2].Data["rejected_rows"])
		}

		// The same file again: every row unchanged, nothing written.
		before := imWrites(t, a)
		again := imUpload(t, pl, s.supplier, file)
		if diff := cmp.Diff(pricelist.Counts{Rows: 7, Unchanged: 4, Rejected: 3}, imCounts(again)); diff != "" {
			t.Errorf("second import counts (-want +got):\n%s", diff)
		}
		if after := imWrites(t, a); after != before {
			t.Errorf("the same file again wrote:\nbefore %s\nafter  %s", before, after)
		}
		notes.take()

		// A disconnected product is not connected again by its SKU (only new rows are).
		imExec(t, a, "UPDATE supplier_products SET product_id = NULL WHERE supplier_id = ? AND sku = 'A1'", s.supplier)
		imUpload(t, pl, s.supplier, file)
		if sp := imSupplierProducts(t, a, s.supplier)["A1"]; sp.ProductID != nil {
			t.Errorf("A1 connected again after a disconnect: %v", *sp.ProductID)
		}
		imExec(t, a, "UPDATE supplier_products SET product_id = ? WHERE supplier_id = ? AND sku = 'A1'", s.p1, s.supplier)

		// Linking Laptopovi places its rows on the next import (category_id changes: updated).
		now := time.Now().UTC()
		imExec(t, a, `INSERT INTO supplier_category_links (supplier_id, supplier_category, category_id, created_at, updated_at)
			VALUES (?, 'Laptopovi', ?, ?, ?)`, s.supplier, s.category, now, now)
		notes.take()
		linked := imUpload(t, pl, s.supplier, file)
		if diff := cmp.Diff(pricelist.Counts{Rows: 7, Updated: 2, Unchanged: 2, Rejected: 3}, imCounts(linked)); diff != "" {
			t.Errorf("import after linking (-want +got):\n%s", diff)
		}
		sps := imSupplierProducts(t, a, s.supplier)
		if c := sps["A1"].CategoryID; c == nil || *c != s.category {
			t.Errorf("A1 placed in %v, want %d", c, s.category)
		}
		if c := sps["0042"].CategoryID; c != nil {
			t.Errorf("0042 placed in %d, want none", *c)
		}
		if diff := cmp.Diff([]string{"Monitori"}, linked.ParsedReport().UnmappedCategories); diff != "" {
			t.Errorf("unmapped after linking (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"PricelistUploaded", "CategoriesNotMapped", "ImportFinished"}, imTypes(notes.take())); diff != "" {
			t.Errorf("notifications after linking (-want +got):\n%s", diff)
		}

		// A new price and stock: the supplier row changes, P1 takes them and is repriced; rows
		// absent from the file stay as they were.
		changed := imXLSX(t, imHeader, []any{"A1", "Laptop Lenovo", "Laptopovi", "1.234,56", 2})
		c := imUpload(t, pl, s.supplier, changed)
		if diff := cmp.Diff(pricelist.Counts{Rows: 1, Updated: 1}, imCounts(c)); diff != "" {
			t.Errorf("new price import (-want +got):\n%s", diff)
		}
		pr = pricing.Derive(123456, pricing.Margins{Pdv: 2000, Web: 1000, Retail: 2500, Dealer: 500})
		wantP1 = imProduct{EntryPrice: 123456, WebPrice: int64(pr.Web), RetailPrice: int64(pr.Retail), DealerPrice: int64(pr.Dealer),
			AuthenticatedPrice: int64(pr.Authenticated), Stock: 2, SupplierID: &s.supplier}
		if diff := cmp.Diff(wantP1, imProductOf(t, a, s.p1)); diff != "" {
			t.Errorf("repriced product (-want +got):\n%s", diff)
		}
		if n := len(imSupplierProducts(t, a, s.supplier)); n != 4 {
			t.Errorf("supplier products after a one-row file: %d, want the 4 kept", n)
		}
	}
}

// TestImportFailure: a file that cannot be imported (no header) fails the import with the
// reason, tells the uploader ImportFailed, writes nothing; running it again does nothing.
func TestImportFailure(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := imService(a)
		s := imSetup(t, a)
		bad := imXLSX(t, []any{"Ovo", "nije", "cenovnik"}, []any{"1", "2", "3"})
		before := imWrites(t, a)
		imp, err := pl.Upload(ctx, 7, s.supplier, "los.xlsx", bytes.NewReader(bad), int64(len(bad)))
		if !apperr.Is(err, apperr.Invalid) {
			t.Fatalf("upload of a file with no header: %v, want the import's 422", err)
		}
		if imp == nil || imp.Status != pricelist.StatusFailed || imp.FinishedAt == nil {
			t.Fatalf("import: %+v", imp)
		}
		if got := imp.ErrorText("en"); got == "" || got[:2] != "No" {
			t.Errorf("error text %q", got)
		}
		if after := imWrites(t, a); after != before {
			t.Errorf("a failed import wrote:\nbefore %s\nafter  %s", before, after)
		}
		got := notes.take()
		if diff := cmp.Diff([]string{"PricelistUploaded", "ImportFailed"}, imTypes(got)); diff != "" {
			t.Fatalf("notifications (-want +got):\n%s", diff)
		}
		if e, _ := got[1].Data["error"].(string); e == "" || e != imp.ErrorText("sr") {
			t.Errorf("ImportFailed error %q, want %q", e, imp.ErrorText("sr"))
		}
		again, err := pl.RunImport(ctx, imp.ID, true, nil)
		if err != nil || again.Status != pricelist.StatusFailed || len(notes.take()) != 0 {
			t.Errorf("a failed import run again: %v %+v", err, again)
		}
	})
}

// TestImportDamagedFile: files whose zip directory is whole but whose sheet does not inflate as
// it says (damaged bytes; a sheet declaring 1 KB that inflates to 8 MB) pass the upload's quick
// check; the import reads them, fails with the damaged-file reason, tells the uploader and
// writes nothing.
func TestImportDamagedFile(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := imService(a)
		s := imSetup(t, a)
		rows := [][]any{imHeader}
		for i := 0; i < 200; i++ {
			rows = append(rows, []any{fmt.Sprintf("D%03d", i), "Laptop", "Laptopovi", 1000 + i, 1})
		}
		good := imXLSX(t, rows...)
		for name, bad := range map[string][]byte{"damaged": pricelist.CorruptEntry(t, good), "lyingBomb": pricelist.LyingBomb(t, good)} {
			before := imWrites(t, a)
			imp, err := pl.Upload(ctx, 7, s.supplier, name+".xlsx", bytes.NewReader(bad), int64(len(bad)))
			if e := apperr.As(err); e == nil || e.Code != apperr.Invalid || e.Msg.Key != pricelist.ErrKeyCorrupt {
				t.Fatalf("%s: import: %v, want the damaged-file 422", name, err)
			}
			if imp == nil || imp.Status != pricelist.StatusFailed {
				t.Fatalf("%s: import: %+v", name, imp)
			}
			if after := imWrites(t, a); after != before {
				t.Errorf("%s: the import wrote:\nbefore %s\nafter  %s", name, before, after)
			}
			if diff := cmp.Diff([]string{"PricelistUploaded", "ImportFailed"}, imTypes(notes.take())); diff != "" {
				t.Errorf("%s: notifications (-want +got):\n%s", name, diff)
			}
		}
	})
}

// TestImportBrokenSheet: a sheet that breaks mid-way (cut, garbage, an entity in a row) after
// good rows that were already staged and merged in chunks fails the import with the
// damaged-file reason, tells the uploader, and changes no supplier row and no price.
func TestImportBrokenSheet(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := imService(a)
		pl = pricelist.WithChunkRows(pl, 16)
		s := imSetup(t, a)
		imUpload(t, pl, s.supplier, imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1}))
		notes.take()
		sup, p1 := imSupplierProducts(t, a, s.supplier), imProductOf(t, a, s.p1)
		rows := [][]any{imHeader, {"A1", "Laptop novi", "Laptopovi", 2000, 2}}
		for i := range 300 {
			rows = append(rows, []any{fmt.Sprintf("N%03d", i), "Novi", "Laptopovi", 100 + i, 1})
		}
		// Inline strings (as exporters stream them), so the entity lands in a row's own text.
		good := imStreamXLSX(t, rows)
		for name, edit := range pricelist.SheetBreaks(t, true) {
			bad := pricelist.EditSheet(t, good, edit)
			imp, err := pl.Upload(ctx, 7, s.supplier, name+".xlsx", bytes.NewReader(bad), int64(len(bad)))
			if e := apperr.As(err); e == nil || e.Code != apperr.Invalid || e.Msg.Key != pricelist.ErrKeyCorrupt {
				t.Errorf("%s: import: %v, want the damaged-file error", name, err)
			}
			if imp == nil || imp.Status != pricelist.StatusFailed || imp.ErrorText("sr") == "" {
				t.Errorf("%s: import: %+v, want failed with its reason", name, imp)
			}
			if diff := cmp.Diff([]string{"PricelistUploaded", "ImportFailed"}, imTypes(notes.take())); diff != "" {
				t.Errorf("%s: notifications (-want +got):\n%s", name, diff)
			}
			if diff := cmp.Diff(sup, imSupplierProducts(t, a, s.supplier)); diff != "" {
				t.Errorf("%s: supplier products changed (-before +after):\n%s", name, diff)
			}
			if diff := cmp.Diff(p1, imProductOf(t, a, s.p1)); diff != "" {
				t.Errorf("%s: product's prices changed (-before +after):\n%s", name, diff)
			}
		}
	})
}

// imStreamXLSX writes the rows with excelize's StreamWriter (inline strings).
func imStreamXLSX(tb testing.TB, rows [][]any) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		tb.Fatal(err)
	}
	for i, r := range rows {
		if err := sw.SetRow(fmt.Sprintf("A%d", i+1), r); err != nil {
			tb.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// imKillAt is pl failing its imports at step as a killed worker would (with msg).
func imKillAt(pl *pricelist.Service, step, msg string) *pricelist.Service {
	return pricelist.WithMergeHook(pl, func(at string) error {
		if at == step {
			return errors.New(msg)
		}
		return nil
	})
}

// TestImportCrashSafety: a merge that fails midway leaves the supplier as it was (one
// transaction); the retry finishes the import; a finished import run again does nothing and
// tells nobody twice.
func TestImportCrashSafety(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := imService(a)
		s := imSetup(t, a)
		imUpload(t, pl, s.supplier, imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1}))
		sup := imSupplierProducts(t, a, s.supplier)
		p1 := imProductOf(t, a, s.p1)
		notes.take()

		file := imXLSX(t, imHeader, []any{"A1", "Laptop novi", "Laptopovi", 2000, 2}, []any{"B1", "Novi", "Laptopovi", 10, 1})
		for _, step := range []string{"updated", "inserted", "products", "supplier", "notified"} {
			imp, err := imKillAt(pl, step, "killed at "+step).Upload(ctx, 7, s.supplier, "novi.xlsx", bytes.NewReader(file), int64(len(file)))
			if err == nil {
				t.Fatalf("%s: the forced failure did not fail the import", step)
			}
			if diff := cmp.Diff(sup, imSupplierProducts(t, a, s.supplier)); diff != "" {
				t.Errorf("%s: supplier products changed by a failed merge (-before +after):\n%s", step, diff)
			}
			if diff := cmp.Diff(p1, imProductOf(t, a, s.p1)); diff != "" {
				t.Errorf("%s: product changed by a failed merge (-before +after):\n%s", step, diff)
			}
			// Upload without a queue is its last attempt: failed, told. A worker's earlier
			// attempt goes back to the queue instead, and its retry finishes.
			if imp.Status != pricelist.StatusFailed {
				t.Errorf("%s: status %s", step, imp.Status)
			}
			notes.take()
		}

		// A worker's attempt that is not the last: back to queued, nobody told; the retry finishes.
		imp, err := imKillAt(pl, "products", "killed").Upload(ctx, 0, s.supplier, "novi.xlsx", bytes.NewReader(file), int64(len(file)))
		if err == nil {
			t.Fatal("forced failure ignored")
		}
		imExec(t, a, "UPDATE pricelist_imports SET status = 'running', user_id = 7, finished_at = NULL, error = '' WHERE id = ?", imp.ID)
		v, err := imKillAt(pl, "inserted", "killed").RunImport(ctx, imp.ID, false, nil)
		if err == nil || v.Status != pricelist.StatusQueued || len(notes.take()) != 0 {
			t.Fatalf("an attempt before the last: %v, status %s", err, v.Status)
		}
		v, err = pl.RunImport(ctx, imp.ID, false, nil)
		if err != nil || v.Status != pricelist.StatusFinished {
			t.Fatalf("retry: %v %+v", err, v)
		}
		if diff := cmp.Diff(pricelist.Counts{Rows: 2, Created: 1, Updated: 1}, imCounts(v)); diff != "" {
			t.Errorf("retry counts (-want +got):\n%s", diff)
		}
		if p := imProductOf(t, a, s.p1); p.EntryPrice != 200000 || p.Stock != 2 {
			t.Errorf("after the retry P1 is %+v", p)
		}
		if diff := cmp.Diff([]string{"CategoriesNotMapped", "ImportFinished"}, imTypes(notes.take())); diff != "" {
			t.Errorf("retry notifications (-want +got):\n%s", diff)
		}
		before := imWrites(t, a)
		v, err = pl.RunImport(ctx, imp.ID, true, nil)
		if err != nil || v.Status != pricelist.StatusFinished || len(notes.take()) != 0 || imWrites(t, a) != before {
			t.Errorf("a finished import run again: %v %+v", err, v)
		}
	})
}

// TestImportNotesOnce: with the real notifications, an import killed after storing its
// notifications but before its commit leaves none of them; the retry stores each once, and a
// failed import's ImportFailed is stored once even when failing is attempted again.
func TestImportNotesOnce(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl := pricelist.NewService(a.DB, a.Catalog, a.Blobs, nil, a.Notify, a.Log, a.Clock, pricelist.Options{})
		s := imSetup(t, a)
		const user = 7
		count := func(typ string) (n int64) {
			a.DB.Raw("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND type = ?", user, typ).Scan(&n)
			return n
		}
		file := imXLSX(t, imHeader, []any{"A1", "Laptop", "Nepovezana", 1000, 1})
		imp, err := imKillAt(pl, "notified", "killed before the commit").Upload(ctx, 0, s.supplier, "cenovnik.xlsx", bytes.NewReader(file), int64(len(file)))
		if err == nil {
			t.Fatal("forced failure ignored")
		}
		// A worker's attempt, not the last, killed at the same place: back to the queue, and
		// nothing of the finished import's notifications is left.
		imExec(t, a, "UPDATE pricelist_imports SET status = 'running', user_id = ?, finished_at = NULL, error = '' WHERE id = ?", user, imp.ID)
		v, err := imKillAt(pl, "notified", "killed before the commit").RunImport(ctx, imp.ID, false, nil)
		if err == nil || v.Status != pricelist.StatusQueued {
			t.Fatalf("killed attempt: %v, status %s", err, v.Status)
		}
		if n, m := count("ImportFinished"), count("CategoriesNotMapped"); n != 0 || m != 0 {
			t.Fatalf("a rolled-back import left %d ImportFinished and %d CategoriesNotMapped", n, m)
		}
		// The retry commits, and the worker dies before it publishes: the notifications are
		// stored all the same (the bell's list and a reconnecting tab's replay show them), and
		// the queue's next delivery finds the import finished and tells nobody again.
		v, err = imKillAt(pl, "committed", "killed after the commit").RunImport(ctx, imp.ID, false, nil)
		if err == nil || v.Status != pricelist.StatusFinished {
			t.Fatalf("retry: %v %+v", err, v)
		}
		if _, err = pl.RunImport(ctx, imp.ID, true, nil); err != nil {
			t.Fatal(err)
		}
		if n, m := count("ImportFinished"), count("CategoriesNotMapped"); n != 1 || m != 1 {
			t.Errorf("after the retry and a duplicate run: %d ImportFinished and %d CategoriesNotMapped, want 1 and 1", n, m)
		}

		// The uploader of a bad file hears PricelistUploaded and ImportFailed once each.
		bad := imXLSX(t, []any{"Ovo", "nije", "cenovnik"})
		failed, err := pl.Upload(ctx, user, s.supplier, "los.xlsx", bytes.NewReader(bad), int64(len(bad)))
		if err == nil || failed.Status != pricelist.StatusFailed {
			t.Fatalf("bad file: %v %+v", err, failed)
		}
		if _, err := pl.RunImport(ctx, failed.ID, true, nil); err != nil {
			t.Fatal(err)
		}
		if n, u := count("ImportFailed"), count("PricelistUploaded"); n != 1 || u != 1 {
			t.Errorf("bad file: %d ImportFailed and %d PricelistUploaded, want 1 and 1", n, u)
		}
	})
}

// TestUploadRefusals: size, format and supplier are checked before anything is stored.
func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, notes := imService(a)
		s := imSetup(t, a)
		good := imXLSX(t, imHeader, []any{"A1", "Laptop", "Laptopovi", 1000, 1})
		text := []byte("sku;name;price\nA1;Laptop;1000\n")
		big := bytes.Repeat([]byte{'x'}, pricelist.MaxFileBytes+1)
		tests := []struct {
			name     string
			supplier uint64
			data     []byte
			size     int64
			want     map[string]string
		}{
			{"renamedText", s.supplier, text, int64(len(text)), map[string]string{"file": "pricelist_file.not_xlsx"}},
			{"tooLargeDeclared", s.supplier, good, pricelist.MaxFileBytes + 1, map[string]string{"file": "pricelist.file_too_large"}},
			{"tooLargeRead", s.supplier, big, -1, map[string]string{"file": "pricelist.file_too_large"}},
			{"empty", s.supplier, nil, 0, map[string]string{"file": "pricelist_file.not_xlsx"}},
			{"unknownSupplier", 9999, good, int64(len(good)), map[string]string{"supplier_id": "pricelist.unknown_supplier"}},
			{"noSupplierBadFile", 0, text, int64(len(text)), map[string]string{"supplier_id": "validation.required", "file": "pricelist_file.not_xlsx"}},
		}
		for _, tt := range tests {
			_, err := pl.Upload(ctx, 7, tt.supplier, "x.xlsx", bytes.NewReader(tt.data), tt.size)
			got := map[string]string{}
			for _, f := range apperr.As(err).Fields {
				got[f.Field] = f.Msg.Key
			}
			if !apperr.Is(err, apperr.Invalid) {
				got = nil
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.name, diff)
			}
		}
		var n int64
		a.DB.Raw("SELECT COUNT(*) FROM pricelist_imports").Scan(&n)
		if n != 0 || len(notes.take()) != 0 {
			t.Errorf("refused uploads left %d imports and notifications", n)
		}
	})
}

// TestHeaderMapping: a supplier's own header texts are saved, read back with every field, and
// used by the import.
func TestHeaderMapping(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		ctx := context.Background()
		pl, _ := imService(a)
		s := imSetup(t, a)
		m, err := pl.HeaderMappingOf(ctx, s.supplier)
		if err != nil || len(m) != 8 || m[pricelist.FieldSKU] != "" {
			t.Fatalf("empty mapping: %v %v", m, err)
		}
		if _, err := pl.HeaderMappingOf(ctx, 9999); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown supplier: %v", err)
		}
		_, err = pl.SaveHeaderMapping(ctx, s.supplier, pricelist.HeaderMapping{pricelist.FieldSKU: "Artikal ID", pricelist.FieldPrice: "artikal id"})
		if e := apperr.As(err); e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Field != "price" {
			t.Errorf("the same header twice: %v", err)
		}
		saved, err := pl.SaveHeaderMapping(ctx, s.supplier, pricelist.HeaderMapping{pricelist.FieldSKU: " Artikal ID ", pricelist.FieldPrice: "Iznos"})
		if err != nil || saved[pricelist.FieldSKU] != "Artikal ID" || saved[pricelist.FieldName] != "" {
			t.Fatalf("save: %v %v", saved, err)
		}
		m, _ = pl.HeaderMappingOf(ctx, s.supplier)
		if diff := cmp.Diff(saved, m); diff != "" {
			t.Errorf("read back (-saved +read):\n%s", diff)
		}
		imp := imUpload(t, pl, s.supplier, imXLSX(t, []any{"Artikal ID", "Naziv", "Iznos"}, []any{"Z9", "Zvučnik", 150}))
		if imp.Created != 1 || imSupplierProducts(t, a, s.supplier)["Z9"].Price != 15000 {
			t.Errorf("import with the mapping: %+v", imCounts(imp))
		}
	})
}

// TestImportLarge: a generated list of a few thousand rows goes through the staging in many
// batches (COPY on PostgreSQL, multi-row INSERTs on SQLite); half of its SKUs are shop
// products, which get connected and priced; progress is reported.
func TestImportLarge(t *testing.T) {
	t.Parallel()
	apptest.Run(t, func(t *testing.T, a *app.App) {
		pl, _ := imService(a)
		s := imSetup(t, a)
		const n = 3000
		var buf bytes.Buffer
		if err := pricelist.WriteSample(&buf, n, pricelist.SampleOptions{Seed: 1, FirstSKU: 1}); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		var maxProgress, calls int
		ctx := pricelist.WithProgress(context.Background(), func(_ pricelist.Phase, done, total int) {
			calls++
			maxProgress = max(maxProgress, done)
		})
		// Shop products for every other SKU of the file (8 digits, leading zeros).
		for i := 1; i <= n; i += 2 {
			imExec(t, a, `INSERT INTO products (sku, name, slug, main_category_id, entry_price, stock, created_at, updated_at)
				VALUES (?, 'P', ?, ?, 1, 0, ?, ?)`, fmt.Sprintf("%08d", i), fmt.Sprintf("p-%d", i), s.category, now, now)
		}
		data := buf.Bytes()
		imp, err := pl.Upload(ctx, 7, s.supplier, "veliki.xlsx", bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if imp.Rows != n || imp.Created+imp.Rejected != n || imp.Created < n*9/10 {
			t.Errorf("counts %+v", imCounts(imp))
		}
		var connected, priced int64
		a.DB.Raw("SELECT COUNT(*) FROM supplier_products WHERE supplier_id = ? AND product_id IS NOT NULL", s.supplier).Scan(&connected)
		a.DB.Raw(`SELECT COUNT(*) FROM products p JOIN supplier_products sp ON sp.product_id = p.id AND sp.supplier_id = ?
			WHERE p.entry_price = sp.price AND p.web_price > 0`, s.supplier).Scan(&priced)
		if connected < n/2*9/10 || priced != connected {
			t.Errorf("connected %d, priced %d", connected, priced)
		}
		if maxProgress != n || calls < 3 {
			t.Errorf("progress: %d calls, last %d", calls, maxProgress)
		}
	})
}
