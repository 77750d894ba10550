package pricelist

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hibiken/asynq"

	"shop/internal/catalog"
	"shop/internal/platform/actor"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// MaxImportSKUs bounds one product-to-category import (the admin picks from pages of at most
// 5000 rows; the job payload stays small).
const MaxImportSKUs = 10000

// noteImportFailed is the notification of a failed job (the admin shows unknown types as errors).
const noteImportFailed = "ImportFailed"

// CategoryImportInput is the category-to-category import: every unconnected product of one
// supplier category becomes a shop product in the shop category.
type CategoryImportInput struct {
	SupplierID       uint64
	SupplierCategory string
	CategoryID       uint64
}

// ProductsImportInput is the product-to-category import: the supplier's unconnected products
// with these SKUs become shop products in the shop category.
type ProductsImportInput struct {
	SupplierID uint64
	SKUs       []string
	CategoryID uint64
}

// ImportSupplierCategory checks the form and queues the products import (runs it at once when
// there is no queue). 422s: supplier_id and category_id missing or unknown, supplier_category
// missing or over 255 characters, or a supplier category with no unconnected products.
func (s *Service) ImportSupplierCategory(ctx context.Context, in CategoryImportInput) error {
	in.SupplierCategory = strings.TrimSpace(in.SupplierCategory)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(in.SupplierCategory); {
	case n == 0:
		fields = append(fields, apperr.Field("supplier_category", "validation.required"))
	case n > 255:
		fields = append(fields, apperr.Field("supplier_category", "validation.max_chars", "n", 255))
	}
	if err := s.checkImportTargets(ctx, in.SupplierID, in.CategoryID, fields); err != nil {
		return err
	}
	n, err := s.catalog.CountUnconnectedSupplierProducts(ctx, in.SupplierID, in.SupplierCategory, nil)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.InvalidFields(apperr.Field("supplier_category", "products_import.nothing"))
	}
	return s.startProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportCategory,
		SupplierID: in.SupplierID, SupplierCategory: in.SupplierCategory, CategoryID: in.CategoryID})
}

// ImportSupplierProducts checks the form and queues the products import (runs it at once when
// there is no queue). 422s: supplier_id and category_id missing or unknown; skus missing,
// over MaxImportSKUs, an SKU empty or over 255 characters (on skus.N), or none of them an
// unconnected product of the supplier.
func (s *Service) ImportSupplierProducts(ctx context.Context, in ProductsImportInput) error {
	var fields []apperr.FieldError
	skus := make([]string, 0, len(in.SKUs))
	switch {
	case len(in.SKUs) == 0:
		fields = append(fields, apperr.Field("skus", "validation.required"))
	case len(in.SKUs) > MaxImportSKUs:
		fields = append(fields, apperr.Field("skus", "products_import.too_many_skus", "n", MaxImportSKUs))
	default:
		for i, sku := range in.SKUs {
			sku = strings.TrimSpace(sku)
			switch n := utf8.RuneCountInString(sku); {
			case n == 0:
				fields = append(fields, apperr.Field(fmt.Sprintf("skus.%d", i), "validation.required"))
			case n > 255:
				fields = append(fields, apperr.Field(fmt.Sprintf("skus.%d", i), "validation.max_chars", "n", 255))
			}
			skus = append(skus, sku)
		}
	}
	if err := s.checkImportTargets(ctx, in.SupplierID, in.CategoryID, fields); err != nil {
		return err
	}
	found := false
	for rest := skus; len(rest) > 0 && !found; {
		chunk := rest[:min(len(rest), 1000)]
		rest = rest[len(chunk):]
		n, err := s.catalog.CountUnconnectedSupplierProducts(ctx, in.SupplierID, "", chunk)
		if err != nil {
			return err
		}
		found = n > 0
	}
	if !found {
		return apperr.InvalidFields(apperr.Field("skus", "products_import.nothing"))
	}
	return s.startProductsImport(ctx, queue.ProductsImportPayload{Mode: queue.ProductsImportProducts,
		SupplierID: in.SupplierID, SKUs: skus, CategoryID: in.CategoryID})
}

// checkImportTargets adds the supplier's and the category's 422s to fields and answers them
// all, or nil.
func (s *Service) checkImportTargets(ctx context.Context, supplierID, categoryID uint64, fields []apperr.FieldError) error {
	for _, err := range []error{s.checkSupplier(ctx, supplierID), func() error { _, err := s.category(ctx, categoryID); return err }()} {
		if err == nil {
			continue
		}
		e := apperr.As(err)
		if e.Code != apperr.Invalid {
			return err
		}
		fields = append(fields, e.Fields...)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(fields...)
	}
	return nil
}

// startProductsImport queues the job for the user of ctx, or runs it here without a queue.
// The same request again while it is queued or running is the same job (not an error).
func (s *Service) startProductsImport(ctx context.Context, p queue.ProductsImportPayload) error {
	p.UserID = actor.From(ctx).UserID
	if s.enq == nil {
		_, err := s.RunProductsImport(ctx, p, true)
		return err
	}
	task, err := queue.NewProductsImportTask(p)
	if err != nil {
		return apperr.Wrap(err, "products import task")
	}
	if _, err := s.enq.Enqueue(ctx, task); err != nil && !errors.Is(err, asynq.ErrDuplicateTask) {
		return apperr.Wrap(err, "enqueue products import")
	}
	return nil
}

// productsImportNote is the data of a products import's notification (pricelist is always
// null: no file is behind it).
type productsImportNote struct {
	Message   string                 `json:"message"`
	Pricelist *struct{}              `json:"pricelist"`
	Counts    *productsImportCounts  `json:"counts,omitempty"`
	Category  *productsImportNoteRef `json:"category,omitempty"`
	Error     string                 `json:"error,omitempty"`
}

type productsImportCounts struct {
	Created int `json:"created"`
}

type productsImportNoteRef struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
}

// RunProductsImport is the job's work: the catalogue creates the products and connects them
// (idempotent: only unconnected supplier products are taken). It ends with an ImportFinished
// notification to the user (counts.created), or ImportFailed with the reason when the input
// is no longer valid or when this was the last attempt (earlier failures are retried quietly).
func (s *Service) RunProductsImport(ctx context.Context, p queue.ProductsImportPayload, lastAttempt bool) (catalog.SupplierImportResult, error) {
	if p.UserID != 0 && actor.From(ctx).UserID == 0 {
		ctx = actor.With(ctx, actor.Actor{UserID: p.UserID})
	}
	sel := catalog.SupplierImportSelection{SupplierID: p.SupplierID, CategoryID: p.CategoryID}
	var err error
	switch p.Mode {
	case queue.ProductsImportCategory:
		sel.SupplierCategory = p.SupplierCategory
		if strings.TrimSpace(sel.SupplierCategory) == "" {
			err = apperr.InvalidFields(apperr.Field("supplier_category", "validation.required"))
		}
	case queue.ProductsImportProducts:
		sel.SKUs = p.SKUs
		if len(sel.SKUs) == 0 {
			err = apperr.InvalidFields(apperr.Field("skus", "validation.required"))
		}
	default:
		err = apperr.InvalidFields(apperr.Field("mode", "validation.oneof"))
	}
	var res catalog.SupplierImportResult
	var cat *catalog.Category
	if err == nil {
		cat, err = s.catalog.GetCategory(ctx, p.CategoryID)
	}
	if err == nil {
		res, err = s.catalog.CreateProductsFromSupplierProducts(ctx, sel)
	}
	if err != nil {
		if lastAttempt || apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.NotFound) {
			reason := i18n.Reason(i18n.SR, err)
			s.notifyProductsImport(ctx, p.UserID, noteImportFailed, productsImportNote{
				Message: i18n.T(i18n.SR, "products_import.failed", map[string]any{"error": reason}), Error: reason})
		}
		s.log.ErrorContext(ctx, "products import failed", "supplier_id", p.SupplierID, "category_id", p.CategoryID,
			"created", res.Created, "error", err.Error())
		return res, err
	}
	s.log.InfoContext(ctx, "products imported", "supplier_id", p.SupplierID, "category_id", p.CategoryID, "created", res.Created)
	s.notifyProductsImport(ctx, p.UserID, NoteImportFinished, productsImportNote{
		Message:  i18n.T(i18n.SR, "products_import.finished", map[string]any{"category": cat.Name, "created": res.Created}),
		Counts:   &productsImportCounts{Created: res.Created},
		Category: &productsImportNoteRef{ID: cat.ID, Name: cat.Name},
	})
	return res, nil
}

// notifyProductsImport sends a notification; a failure to notify is logged and does not fail the job (a retry
// would only repeat work that is done).
func (s *Service) notifyProductsImport(ctx context.Context, userID uint64, typ string, data any) {
	if userID == 0 || s.notify == nil {
		return
	}
	if err := s.notify.Notify(ctx, userID, typ, data); err != nil {
		s.log.WarnContext(ctx, "notification not sent", "user_id", userID, "type", typ, "error", err.Error())
	}
}
