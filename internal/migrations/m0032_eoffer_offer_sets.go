package migrations

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// Frozen DDL of 0032: a competitor file's offers are kept as one value per import instead of
// one row per offer (writing and reading back a row per offer cost more than the parse).
// eoffer_offer_sets holds the file's shop names once (a JSON array) and its offers in the
// file's order as varints: one
// byte 1 (the encoding's version), then per offer the product id's difference from the
// previous offer's (zigzag varint, the first from 0), the shop's index in the names, the price
// in para and the file's position (0: none), each an uvarint; products counts the runs of one
// product's offers (the file's products when each one's follow each other), which the
// recalculation reads to choose how to read products before it decodes. Every reader wants one file's
// offers whole, so the rows' COPY and their read back were the cost and gave nothing; the value
// is about 6 bytes an offer. On PostgreSQL it is stored uncompressed (STORAGE EXTERNAL): it is
// already compact, and pglz would cost the upload time for little. The offers already stored
// are carried over (SQLite in their rows' order; PostgreSQL's partitions have no id, so in
// their physical order, which is the COPY's), and eoffer_offers goes (with its partitions).
type eofferOfferSet0032 struct {
	ImportID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Shops    string `gorm:"type:text;not null"`
	Offers   []byte `gorm:"not null"`
	Products int64  `gorm:"not null;default:0"` // runs of one product's offers
}

func (eofferOfferSet0032) TableName() string { return "eoffer_offer_sets" }

// offer0032 is one stored offer, as 0012's and 0030's tables have it.
type offer0032 struct {
	ImportID  uint64
	ProductID uint64
	Shop      string
	Price     int64
	Position  *int64
}

// encodeOffers0032 is the encoding above, frozen: the eoffer package's writer must keep
// reading what it wrote (a test there holds the two to the same bytes).
func encodeOffers0032(offers []offer0032) (shops string, data []byte, products int64, err error) {
	names := []string{}
	idx := map[string]uint64{}
	data = []byte{1}
	var prev int64
	for _, o := range offers {
		i, ok := idx[o.Shop]
		if !ok {
			i = uint64(len(names))
			names = append(names, o.Shop)
			idx[o.Shop] = i
		}
		var pos uint64
		if o.Position != nil && *o.Position > 0 {
			pos = uint64(*o.Position)
		}
		if len(data) == 1 || int64(o.ProductID) != prev {
			products++
		}
		data = binary.AppendVarint(data, int64(o.ProductID)-prev)
		prev = int64(o.ProductID)
		data = binary.AppendUvarint(data, i)
		data = binary.AppendUvarint(data, uint64(o.Price))
		data = binary.AppendUvarint(data, pos)
	}
	b, err := json.Marshal(names)
	return string(b), data, products, err
}

// decodeOffers0032 reads the encoding back (the rollback).
func decodeOffers0032(importID uint64, shopsJSON string, data []byte) ([]offer0032, error) {
	var names []string
	if err := json.Unmarshal([]byte(shopsJSON), &names); err != nil {
		return nil, err
	}
	if len(data) == 0 || data[0] != 1 {
		return nil, fmt.Errorf("import %d: offers of an unknown encoding", importID)
	}
	var out []offer0032
	var pid int64
	for i := 1; i < len(data); {
		var v [4]uint64
		d, n := binary.Varint(data[i:])
		if n <= 0 {
			return nil, fmt.Errorf("import %d: offers cut short", importID)
		}
		i += n
		for k := 1; k < 4; k++ {
			if v[k], n = binary.Uvarint(data[i:]); n <= 0 {
				return nil, fmt.Errorf("import %d: offers cut short", importID)
			}
			i += n
		}
		if v[1] >= uint64(len(names)) {
			return nil, fmt.Errorf("import %d: a shop out of range", importID)
		}
		pid += d
		o := offer0032{ImportID: importID, ProductID: uint64(pid), Shop: names[v[1]], Price: int64(v[2])}
		if v[3] != 0 {
			p := int64(v[3])
			o.Position = &p
		}
		out = append(out, o)
	}
	return out, nil
}

// m0032EofferOfferSets moves the offers into eoffer_offer_sets and drops eoffer_offers.
//
// Rollout-safe: not fully. Only the e-ponuda tool reads eoffer_offers (its competitor import,
// recalculation and offers screen); while copies of the release before still run, those fail
// there (an import or recalculation job fails and its retry, taken by a new worker, redoes it;
// the screen answers 500 until the tab reaches a new API). The storefront and the rest of the
// back office are untouched. Accepted once, for a tool staff use a few times a day.
func m0032EofferOfferSets() *gormigrate.Migration {
	return &gormigrate.Migration{
		ID: "0032_eoffer_offer_sets",
		Migrate: func(tx *gorm.DB) error {
			pg := tx.Dialector.Name() == "postgres"
			if err := tx.Migrator().CreateTable(&eofferOfferSet0032{}); err != nil {
				return err
			}
			if pg {
				if err := tx.Exec("ALTER TABLE eoffer_offer_sets ALTER COLUMN offers SET STORAGE EXTERNAL").Error; err != nil {
					return err
				}
			}
			var imports []uint64
			if err := tx.Raw("SELECT DISTINCT import_id FROM eoffer_offers ORDER BY import_id").Scan(&imports).Error; err != nil {
				return err
			}
			for _, id := range imports {
				q := tx.Raw("SELECT import_id, product_id, shop, price, position FROM eoffer_offers WHERE import_id = ? ORDER BY id", id)
				if pg {
					q = tx.Raw(fmt.Sprintf("SELECT import_id, product_id, shop, price, position FROM eoffer_offers_%d ORDER BY ctid", id))
				}
				var offers []offer0032
				if err := q.Scan(&offers).Error; err != nil {
					return err
				}
				shops, data, products, err := encodeOffers0032(offers)
				if err != nil {
					return err
				}
				if err := tx.Create(&eofferOfferSet0032{ImportID: id, Shops: shops, Offers: data, Products: products}).Error; err != nil {
					return err
				}
			}
			// PostgreSQL drops the partitions with their parent.
			return tx.Exec("DROP TABLE eoffer_offers").Error
		},
		Rollback: func(tx *gorm.DB) error {
			pg := tx.Dialector.Name() == "postgres"
			if pg {
				// 0030's table.
				if err := tx.Exec(`CREATE TABLE eoffer_offers (import_id bigint NOT NULL, product_id bigint NOT NULL,
					shop varchar(255) NOT NULL, price bigint NOT NULL, position bigint) PARTITION BY LIST (import_id)`).Error; err != nil {
					return err
				}
			} else if err := tx.Migrator().CreateTable(&eofferOffer0012{}); err != nil {
				return err
			}
			var sets []eofferOfferSet0032
			if err := tx.Order("import_id").Find(&sets).Error; err != nil {
				return err
			}
			for _, set := range sets {
				offers, err := decodeOffers0032(set.ImportID, set.Shops, set.Offers)
				if err != nil {
					return err
				}
				if pg {
					if err := tx.Exec(fmt.Sprintf("CREATE TABLE eoffer_offers_%d PARTITION OF eoffer_offers FOR VALUES IN (%d)", set.ImportID, set.ImportID)).Error; err != nil {
						return err
					}
				}
				if err := insertOffers0032(tx, offers); err != nil {
					return err
				}
			}
			return tx.Migrator().DropTable(&eofferOfferSet0032{})
		},
	}
}

// insertOffers0032 inserts offers in statements of 500 rows (inside SQLite's and PostgreSQL's
// bind-parameter limits).
func insertOffers0032(tx *gorm.DB, offers []offer0032) error {
	for len(offers) > 0 {
		n := min(len(offers), 500)
		var args []any
		for _, o := range offers[:n] {
			args = append(args, o.ImportID, o.ProductID, o.Shop, o.Price, o.Position)
		}
		q := "INSERT INTO eoffer_offers (import_id, product_id, shop, price, position) VALUES " +
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?), ", n), ", ")
		if err := tx.Exec(q, args...).Error; err != nil {
			return errors.Join(errors.New("0032 rollback: offers"), err)
		}
		offers = offers[n:]
	}
	return nil
}
