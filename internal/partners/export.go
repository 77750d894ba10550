package partners

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/money"
	"shop/internal/platform/queue"
)

// Products export statuses.
const (
	ExportQueued   = "queued"
	ExportRunning  = "running"
	ExportFinished = "finished"
	ExportFailed   = "failed"
)

// Notification types of the products export's end.
const (
	NoteProductsExportFinished = "ProductsExportFinished"
	NoteProductsExportFailed   = "ProductsExportFailed"
)

type productsExport struct {
	ID         uint64 `gorm:"primaryKey"`
	Name       string
	UserID     uint64
	Status     string
	Total      int
	Done       int
	FileKey    string
	FileSize   int64
	Error      string
	CreatedAt  time.Time
	FinishedAt *time.Time
}

func (productsExport) TableName() string { return "products_exports" }

type productsExportCategory struct {
	ProductsExportID uint64 `gorm:"primaryKey;autoIncrement:false"`
	CategoryID       uint64 `gorm:"primaryKey;autoIncrement:false"`
}

func (productsExportCategory) TableName() string { return "products_export_categories" }

// Export is a named products export and its job's progress (Done of Total rows).
type Export struct {
	ID         uint64
	Name       string
	Status     string
	Total      int
	Done       int
	FileSize   int64
	Error      string
	CreatedAt  time.Time
	FinishedAt *time.Time
	Categories []Category
}

// ExportColumns are the XLSX's header cells.
var ExportColumns = []any{"ID", "SKU", "Naziv", "Brend", "Kategorija", "EAN", "Stanje", "Ulazna cena", "Web cena", "MP cena", "Aktivan"}

// CreateExport records a named export of the products of categories (name and categories
// required) and queues its job.
func (s *Service) CreateExport(ctx context.Context, userID uint64, name string, categoryIDs []uint64) (*Export, error) {
	name = strings.TrimSpace(name)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		fields = append(fields, apperr.Field("name", "validation.required"))
	case n > 255:
		fields = append(fields, apperr.Field("name", "validation.max_chars", "n", 255))
	}
	ids := uniq(categoryIDs)
	if len(ids) == 0 {
		fields = append(fields, apperr.Field("categories", "validation.required"))
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	row := productsExport{Name: name, UserID: userID, Status: ExportQueued, CreatedAt: s.clk.Now()}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Table("categories").Where("id IN ?", ids).Count(&n).Error; err != nil {
			return apperr.Wrap(err, "categories")
		}
		if int(n) != len(ids) {
			return apperr.InvalidFields(apperr.Field("categories", "api_client.unknown_category"))
		}
		if err := tx.Create(&row).Error; err != nil {
			return apperr.Wrap(err, "create export")
		}
		cats := make([]productsExportCategory, len(ids))
		for i, id := range ids {
			cats[i] = productsExportCategory{ProductsExportID: row.ID, CategoryID: id}
		}
		return apperr.Wrap(tx.Create(&cats).Error, "export categories")
	})
	if err != nil {
		return nil, err
	}
	t, err := queue.NewProductsExportTask(queue.ProductsExportPayload{ExportID: row.ID, UserID: userID})
	if err != nil {
		return nil, apperr.Wrap(err, "export task")
	}
	if _, err := s.enq.Enqueue(ctx, t); err != nil {
		s.db.WithContext(context.WithoutCancel(ctx)).Model(&productsExport{}).Where("id = ?", row.ID).
			Updates(map[string]any{"status": ExportFailed, "error": "queue unreachable"})
		return nil, apperr.Unreachable(err, "enqueue export")
	}
	return s.GetExport(ctx, row.ID)
}

func uniq(ids []uint64) []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Exports answers the exports, newest first (at most the last 200).
func (s *Service) Exports(ctx context.Context) ([]Export, error) {
	var rows []productsExport
	if err := s.db.WithContext(ctx).Order("id DESC").Limit(200).Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "exports")
	}
	return s.exportViews(ctx, rows)
}

// GetExport answers one export.
func (s *Service) GetExport(ctx context.Context, id uint64) (*Export, error) {
	row, err := s.findExport(ctx, id)
	if err != nil {
		return nil, err
	}
	out, err := s.exportViews(ctx, []productsExport{*row})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

func (s *Service) findExport(ctx context.Context, id uint64) (*productsExport, error) {
	var row productsExport
	err := s.db.WithContext(ctx).First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("products_export")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "export")
	}
	return &row, nil
}

func (s *Service) exportViews(ctx context.Context, rows []productsExport) ([]Export, error) {
	out := make([]Export, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var cats []struct {
		ProductsExportID uint64
		ID               uint64
		Name             string
	}
	err := s.db.WithContext(ctx).Table("products_export_categories pc").Select("pc.products_export_id, c.id, c.name").
		Joins("JOIN categories c ON c.id = pc.category_id").Where("pc.products_export_id IN ?", ids).Order("c.name").Scan(&cats).Error
	if err != nil {
		return nil, apperr.Wrap(err, "export categories")
	}
	by := map[uint64][]Category{}
	for _, c := range cats {
		by[c.ProductsExportID] = append(by[c.ProductsExportID], Category{ID: c.ID, Name: c.Name})
	}
	for _, r := range rows {
		cs := by[r.ID]
		if cs == nil {
			cs = []Category{}
		}
		out = append(out, Export{ID: r.ID, Name: r.Name, Status: r.Status, Total: r.Total, Done: r.Done, FileSize: r.FileSize,
			Error: r.Error, CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt, Categories: cs})
	}
	return out, nil
}

// OpenExport answers a finished export's XLSX.
func (s *Service) OpenExport(ctx context.Context, id uint64) (io.ReadCloser, string, int64, error) {
	row, err := s.findExport(ctx, id)
	if err != nil {
		return nil, "", 0, err
	}
	if row.Status != ExportFinished || row.FileKey == "" {
		return nil, "", 0, apperr.New(apperr.Conflict, "products_export.not_ready")
	}
	rc, info, err := s.blobs.Open(ctx, row.FileKey)
	if err != nil {
		return nil, "", 0, apperr.Wrap(err, "export file")
	}
	return rc, fileName(row.Name), info.Size, nil
}

func fileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String() + ".xlsx"
}

// exportSQL reads an export's products from the catalogue's read model.
const exportSQL = `SELECT p.id, p.sku, p.name, p.brand_name, p.category_name, p.ean, p.stock, p.entry_price, p.web_price, p.retail_price, p.active
FROM product_summaries p
WHERE p.main_category_id IN (SELECT category_id FROM products_export_categories WHERE products_export_id = ?)
ORDER BY p.id`

// exportProgressEvery is how many rows pass between two progress writes.
const exportProgressEvery = 2000

// RunExport makes an export's XLSX with excelize's stream writer (rows go to a temp file, not
// memory), stores it, and tells the user who asked. A retry writes the same file again.
func (s *Service) RunExport(ctx context.Context, p queue.ProductsExportPayload, lastAttempt bool) error {
	row, err := s.findExport(ctx, p.ExportID)
	if err != nil {
		return err
	}
	if row.Status == ExportFinished {
		return nil
	}
	err = s.runExport(ctx, row)
	if err == nil {
		s.tell(ctx, row.UserID, NoteProductsExportFinished, map[string]any{"name": row.Name, "rows": row.Done})
		return nil
	}
	s.log.ErrorContext(ctx, "products export failed", "export_id", row.ID, "error", err.Error())
	if lastAttempt {
		bg := context.WithoutCancel(ctx)
		now := s.clk.Now()
		s.db.WithContext(bg).Model(&productsExport{}).Where("id = ?", row.ID).
			Updates(map[string]any{"status": ExportFailed, "error": err.Error(), "finished_at": now})
		s.tell(bg, row.UserID, NoteProductsExportFailed, map[string]any{"name": row.Name, "error": i18n.T(i18n.SR, "error.server", nil)})
	}
	return err
}

func (s *Service) runExport(ctx context.Context, row *productsExport) error {
	db := s.db.WithContext(ctx)
	var total int64
	err := db.Table("product_summaries p").Where("p.main_category_id IN (SELECT category_id FROM products_export_categories WHERE products_export_id = ?)", row.ID).
		Count(&total).Error
	if err != nil {
		return err
	}
	row.Total = int(total)
	if err := db.Model(&productsExport{}).Where("id = ?", row.ID).
		Updates(map[string]any{"status": ExportRunning, "total": row.Total, "done": 0, "error": ""}).Error; err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	sheet := "Proizvodi"
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	if err := sw.SetRow("A1", ExportColumns); err != nil {
		return err
	}
	rows, err := db.Raw(exportSQL, row.ID).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	cells := make([]any, len(ExportColumns))
	for rows.Next() {
		var (
			id                    uint64
			sku, name, brand, cat string
			ean                   string
			stock                 int
			entry, web, retail    int64
			active                bool
		)
		if err := rows.Scan(&id, &sku, &name, &brand, &cat, &ean, &stock, &entry, &web, &retail, &active); err != nil {
			return err
		}
		cells[0], cells[1], cells[2], cells[3], cells[4], cells[5], cells[6] = id, sku, name, brand, cat, ean, stock
		cells[7], cells[8], cells[9] = money.Para(entry).String(), money.Para(web).String(), money.Para(retail).String()
		if active {
			cells[10] = "Da"
		} else {
			cells[10] = "Ne"
		}
		n++
		cell, _ := excelize.CoordinatesToCellName(1, n+1)
		if err := sw.SetRow(cell, cells); err != nil {
			return err
		}
		if n%exportProgressEvery == 0 {
			db.Model(&productsExport{}).Where("id = ?", row.ID).Update("done", n)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	if err := sw.Flush(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "export-*.xlsx")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if err := f.Write(tmp); err != nil {
		return err
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	key := fmt.Sprintf("exports/products/%d.xlsx", row.ID)
	if err := s.blobs.Put(ctx, key, tmp, size, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"); err != nil {
		return err
	}
	now := s.clk.Now()
	row.Done = n
	return db.Model(&productsExport{}).Where("id = ?", row.ID).Updates(map[string]any{"status": ExportFinished, "done": n,
		"file_key": key, "file_size": size, "finished_at": now}).Error
}

func (s *Service) tell(ctx context.Context, userID uint64, typ string, args map[string]any) {
	if userID == 0 || s.notify == nil {
		return
	}
	key := "products_export.finished"
	if typ == NoteProductsExportFailed {
		key = "products_export.failed"
	}
	data := map[string]any{"message": i18n.T(i18n.SR, key, args), "name": args["name"]}
	if err := s.notify.Notify(ctx, userID, typ, data); err != nil {
		s.log.WarnContext(ctx, "notification not sent", "user_id", userID, "type", typ, "error", err.Error())
	}
}
