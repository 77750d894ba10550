package eoffer

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
)

// A competitor file's offers are stored as one value per import (eoffer_offer_sets, migration
// 0032): the shops' names once, as a JSON array, and the offers in the file's order as
// varints. Every reader wants one file's offers whole (the recalculation, the overview, the
// apply's chosen products, the competitors' list), never one offer by itself, so rows gave
// nothing but their cost: COPYing 100,000 rows into the file's partition and reading them back
// took more than the parse and the recalculation's arithmetic together. The value is about 6 bytes an offer and is written in the
// transaction that finishes the import, so a killed run leaves nothing behind.
//
// The offers' encoding, version 1: one byte 1, then per offer the product id's difference
// from the previous offer's (zigzag varint, the first from 0), the shop's index in the names
// (uvarint), the price in para (uvarint, > 0) and the file's position (uvarint, 0: none).
const offerSetVersion = 1

// offerSetRow is a row of eoffer_offer_sets.
type offerSetRow struct {
	ImportID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Shops    string // JSON array of the file's shop names, as read
	Offers   []byte
}

func (offerSetRow) TableName() string { return "eoffer_offer_sets" }

// offerSetWriter encodes a file's offers as they are matched to products.
type offerSetWriter struct {
	shops   []string
	shopIdx map[string]uint64
	buf     []byte
	n       int
	prev    int64
}

// newOfferSetWriter sizes the buffer for about offers offers.
func newOfferSetWriter(offers int) *offerSetWriter {
	buf := make([]byte, 1, 1+6*max(offers, 0))
	buf[0] = offerSetVersion
	return &offerSetWriter{shops: []string{}, shopIdx: map[string]uint64{}, buf: buf}
}

// add appends one offer of product productID.
func (w *offerSetWriter) add(productID uint64, o *Offer) {
	idx, ok := w.shopIdx[o.Shop]
	if !ok {
		idx = uint64(len(w.shops))
		w.shops = append(w.shops, o.Shop)
		w.shopIdx[o.Shop] = idx
	}
	w.buf = binary.AppendVarint(w.buf, int64(productID)-w.prev)
	w.prev = int64(productID)
	w.buf = binary.AppendUvarint(w.buf, idx)
	w.buf = binary.AppendUvarint(w.buf, uint64(o.Price))
	var pos uint64
	if o.Position != nil && *o.Position > 0 {
		pos = uint64(*o.Position)
	}
	w.buf = binary.AppendUvarint(w.buf, pos)
	w.n++
}

// row is the set as stored under importID.
func (w *offerSetWriter) row(importID uint64) (offerSetRow, error) {
	shops, err := json.Marshal(w.shops)
	return offerSetRow{ImportID: importID, Shops: string(shops), Offers: w.buf}, err
}

var errOfferSet = errors.New("e-offer: stored offers unreadable")

// offerSet is a stored file's offers, read back.
type offerSet struct {
	shops []string
	data  []byte
}

// readOfferSet reads import importID's offers; nil when it has none (a newer file finished
// meanwhile and replaced them).
func (s *Service) readOfferSet(ctx context.Context, importID uint64) (*offerSet, error) {
	var rows []offerSetRow
	if err := s.db.WithContext(ctx).Where("import_id = ?", importID).Limit(1).Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "e-offer: read offers")
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return decodeOfferSet(rows[0].Shops, rows[0].Offers)
}

// decodeOfferSet is a stored set with its shops' names read (each checks the offers).
func decodeOfferSet(shopsJSON string, data []byte) (*offerSet, error) {
	set := &offerSet{data: data}
	if err := json.Unmarshal([]byte(shopsJSON), &set.shops); err != nil {
		return nil, apperr.Wrap(err, "e-offer: read offers' shops")
	}
	return set, nil
}

// each calls fn for each offer, in the file's order (position 0: none); cut bytes, another
// version or a shop index outside the names are an error.
func (set *offerSet) each(fn func(productID int64, shop int, price money.Para, position int)) error {
	data := set.data
	if len(data) == 0 || data[0] != offerSetVersion {
		return apperr.Wrap(fmt.Errorf("%w: version %v", errOfferSet, data[:min(len(data), 1)]), "e-offer: read offers")
	}
	var pid int64
	for i := 1; i < len(data); {
		d, n := binary.Varint(data[i:])
		if n <= 0 {
			return apperr.Wrap(errOfferSet, "e-offer: read offers")
		}
		i += n
		var v [3]uint64 // shop, price, position
		for k := range v {
			if v[k], n = binary.Uvarint(data[i:]); n <= 0 {
				return apperr.Wrap(errOfferSet, "e-offer: read offers")
			}
			i += n
		}
		if v[0] >= uint64(len(set.shops)) {
			return apperr.Wrap(fmt.Errorf("%w: shop index %d", errOfferSet, v[0]), "e-offer: read offers")
		}
		pid += d
		fn(pid, int(v[0]), money.Para(v[1]), int(v[2]))
	}
	return nil
}

// replaceOfferSets stores a finished import's offers and removes every older import's, inside
// the transaction that finishes it: the recalculation reads the newest finished import's
// offers only, and never a mix.
func replaceOfferSets(tx *gorm.DB, set offerSetRow) error {
	if err := tx.Where("import_id <= ?", set.ImportID).Delete(&offerSetRow{}).Error; err != nil {
		return err
	}
	return tx.Create(&set).Error
}
