package pricelist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/i18n"
	"shop/internal/platform/queue"
)

// MaxFileBytes is the specification's 10 MB for a price list, counted as 10,000,000 bytes
// (as the 2 MB image limit is 2,000,000).
const MaxFileBytes = 10_000_000

// xlsxContentType is what the object store keeps the file as.
const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// Inline is the service without a queue: Upload runs the import in this process (shopctl on
// a set-up with no redis.url, where nobody else would ever run a queued task).
func (s *Service) Inline() *Service {
	c := *s
	c.enq = nil
	return &c
}

// Queued tells whether Upload hands the import to the queue (else it runs it at once).
func (s *Service) Queued() bool { return s.enq != nil }

// Upload receives one supplier's price list: at most MaxFileBytes, an XLSX by its content
// (CheckFile: a damaged entry inside fails the import instead), for a supplier that exists.
// The file goes to the object store under pricelists/<supplier>/<sha256>.xlsx, an import row
// is created (queued) with the uploader's PricelistUploaded (userID; 0 is nobody, as from
// shopctl), and the import task is queued; without a queue the import runs here before
// Upload returns (its failure is returned with the failed import). Every refusal is a 422 on
// supplier_id or file.
func (s *Service) Upload(ctx context.Context, userID, supplierID uint64, fileName string, r io.Reader, size int64) (*ImportView, error) {
	var fields []apperr.FieldError
	supplierName := ""
	if supplierID == 0 {
		fields = append(fields, apperr.Field("supplier_id", "validation.required"))
	} else if sp, err := s.catalog.GetSupplier(ctx, supplierID); apperr.Is(err, apperr.NotFound) {
		fields = append(fields, apperr.Field("supplier_id", "pricelist.unknown_supplier"))
	} else if err != nil {
		return nil, err
	} else {
		supplierName = sp.Name
	}
	tmp, n, sum, err := receiveFile(r, size)
	if tmp != nil {
		defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
	}
	if err != nil {
		if e := apperr.As(err); e.Code == apperr.Invalid {
			fields = append(fields, e.Fields...)
		} else {
			return nil, err
		}
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}

	key := fmt.Sprintf("pricelists/%d/%s.xlsx", supplierID, sum)
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return nil, apperr.Wrap(err, "price list: rewind")
	}
	if err := s.blobs.Put(ctx, key, tmp, n, xlsxContentType); err != nil {
		return nil, apperr.Wrap(err, "price list: store file")
	}
	imp := Import{SupplierID: supplierID, FileName: cleanFileName(fileName), FileSize: n, BlobKey: key, SHA256: sum, Status: StatusQueued}
	if userID != 0 {
		imp.UserID = &userID
	}
	// The import and the uploader's PricelistUploaded exist together.
	var view *ImportView
	var publish func(context.Context)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&imp).Error; err != nil {
			return apperr.Wrap(err, "price list: create import")
		}
		view = &ImportView{Import: imp, Supplier: supplierName}
		var err error
		publish, err = s.noteTx(tx, userID, NotePricelistUploaded, noteData{
			Message:   i18n.T(langOf(ctx), "pricelist.note_uploaded", map[string]any{"file": imp.FileName, "supplier": supplierName}),
			Pricelist: noteRef(view),
		})
		if err != nil {
			return err
		}
		// The upload in the activity log, on the supplier (what the import then changes is the
		// import's own history: its row, counts and notification).
		return activity.Record(ctx, tx, activity.Change{Type: activity.PricelistUploaded, SubjectType: activity.SubjectSupplier, SubjectID: supplierID,
			New: map[string]any{"import_id": imp.ID, "file_name": imp.FileName, "file_size": imp.FileSize, "sha256": imp.SHA256}})
	})
	if err != nil {
		return nil, err
	}
	publish(ctx)

	if s.enq == nil {
		done, err := s.RunImport(ctx, imp.ID, true, nil)
		if done != nil {
			view = done
		}
		return view, err
	}
	task, err := queue.NewPricelistImportTask(queue.PricelistImportPayload{ImportID: imp.ID, Lang: string(langOf(ctx))})
	if err == nil {
		_, err = s.enq.Enqueue(ctx, task)
		if errors.Is(err, asynq.ErrTaskIDConflict) {
			err = nil
		}
	}
	if err != nil {
		// Nobody would ever run it: the import fails now, and says so.
		s.failImport(ctx, view, apperr.Wrap(err, "enqueue price-list import"))
		return nil, apperr.Wrap(err, "enqueue price-list import")
	}
	return view, nil
}

// receiveFile copies the upload to a temporary file (at most MaxFileBytes; the object store
// and the XLSX check both need to read it again), hashing it on the way, and checks that it is
// an XLSX. The caller removes the file.
func receiveFile(r io.Reader, size int64) (*os.File, int64, string, error) {
	if r == nil {
		return nil, 0, "", apperr.InvalidFields(apperr.Field("file", "validation.file_required"))
	}
	if size > MaxFileBytes {
		return nil, 0, "", apperr.InvalidFields(apperr.Field("file", "pricelist.file_too_large"))
	}
	tmp, err := os.CreateTemp("", "pricelist-upload-*.xlsx")
	if err != nil {
		return nil, 0, "", apperr.Wrap(err, "price list: temp file")
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return tmp, 0, "", apperr.Wrap(err, "price list: read upload")
	}
	switch {
	case n > MaxFileBytes:
		return tmp, n, "", apperr.InvalidFields(apperr.Field("file", "pricelist.file_too_large"))
	case n == 0:
		return tmp, n, "", apperr.InvalidFields(apperr.Field("file", ErrKeyNotXLSX))
	}
	if err := CheckFile(tmp, n); err != nil {
		return tmp, n, "", err
	}
	return tmp, n, hex.EncodeToString(h.Sum(nil)), nil
}

// cleanFileName keeps the base name of what the client called the file, on one line, at most
// 255 characters.
func cleanFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = strings.TrimSpace(path.Base(name))
	if name == "." || name == "/" || name == "" {
		name = "cenovnik.xlsx"
	}
	return cut(oneLine(name, 255), 255)
}
