package partners

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/csvcell"
	"shop/internal/platform/money"
)

// Feed formats of a client's URL.
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
)

// FeedProduct is one product of a client's feed. Price is entry × (1 + the client's
// percentage for the product's main category) × (1 + its VAT), to the para.
type FeedProduct struct {
	SKU      string     `json:"sku"`
	Name     string     `json:"name"`
	Brand    string     `json:"brand"`
	Category string     `json:"category"`
	EAN      string     `json:"ean"`
	Stock    int        `json:"stock"`
	Price    money.Para `json:"price"`
	URL      string     `json:"url"`
	ImageURL string     `json:"image_url"`
}

// FeedCSVHeader is the CSV feed's first line.
var FeedCSVHeader = []string{"sku", "name", "brand", "category", "ean", "stock", "price", "url", "image_url"}

// ClientPrice is entry × (1 + percentage) × (1 + VAT), rounded half away from zero to the para
// (exact: integer arithmetic).
func ClientPrice(entry money.Para, percentage, vat money.Bps) money.Para {
	n := new(big.Int).Mul(big.NewInt(int64(entry)), big.NewInt(10000+int64(percentage)))
	n.Mul(n, big.NewInt(10000+int64(vat)))
	d := big.NewInt(100_000_000)
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() != 0 && new(big.Int).Mul(new(big.Int).Abs(r), big.NewInt(2)).Cmp(d) >= 0 {
		if n.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return money.Para(q.Int64())
}

// clientFeedSQL: the client's products (live, with an entry price, main category among the
// client's) from the catalogue's read model, with what the price needs.
const clientFeedSQL = `SELECT p.sku, p.name, p.brand_name, p.category_name, p.ean, p.stock, p.entry_price, ac.percentage_bps, p.pdv_bps,
	p.category_slug, p.slug, p.image_key
FROM api_client_categories ac
JOIN product_summaries p ON p.main_category_id = ac.category_id
WHERE ac.api_client_id = ? AND p.live AND p.entry_price > 0
ORDER BY p.id`

// ClientByToken finds the client a feed URL names, refusing an inactive one (403) and one past
// its fetch limit (429). An unknown token is not found.
func (s *Service) ClientByToken(ctx context.Context, token string) (uint64, error) {
	if len(token) != 64 {
		return 0, apperr.NotFoundThing("api_client")
	}
	var row apiClient
	err := s.db.WithContext(ctx).Where("token = ?", token).First(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, apperr.NotFoundThing("api_client")
	}
	if err != nil {
		return 0, apperr.Wrap(err, "api client")
	}
	if !row.Active {
		return 0, apperr.New(apperr.Forbidden, "error.forbidden")
	}
	if s.limiter != nil {
		ok, wait, err := s.limiter.Hit(ctx, "partner-feed:"+strconv.FormatUint(row.ID, 10), s.opts.RequestsPerMinute, time.Minute)
		if err != nil {
			return 0, err
		}
		if !ok {
			secs := int((wait + time.Second - 1) / time.Second)
			if secs < 1 {
				secs = 1
			}
			return 0, apperr.New(apperr.TooManyRequests, "api_client.rate_limited", "seconds", secs)
		}
	}
	return row.ID, nil
}

// WriteFeed streams a client's feed to w in format (json or csv), row by row; it answers the
// number of products.
func (s *Service) WriteFeed(ctx context.Context, clientID uint64, format string, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 32<<10)
	var (
		cw    *csvcell.Writer
		rec   []string
		first = true
	)
	switch format {
	case FormatCSV:
		cw = csvcell.NewWriter(bw)
		rec = make([]string, len(FeedCSVHeader))
		if err := cw.Write(FeedCSVHeader); err != nil {
			return 0, err
		}
	case FormatJSON:
		bw.WriteString(`{"data":[`)
	default:
		return 0, apperr.NotFoundThing("api_client")
	}
	rows, err := s.db.WithContext(ctx).Raw(clientFeedSQL, clientID).Rows()
	if err != nil {
		return 0, apperr.Wrap(err, "client feed")
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var (
			p             FeedProduct
			entry         int64
			pct, vat      int
			catSlug, slug string
			image         string
		)
		if err := rows.Scan(&p.SKU, &p.Name, &p.Brand, &p.Category, &p.EAN, &p.Stock, &entry, &pct, &vat, &catSlug, &slug, &image); err != nil {
			return n, err
		}
		p.Price = ClientPrice(money.Para(entry), money.Bps(pct), money.Bps(vat))
		p.URL = s.opts.PublicURL + "/kategorije/" + catSlug + "/proizvodi/" + slug
		if image != "" {
			p.ImageURL = s.opts.PublicURL + "/media/" + image
		}
		if cw != nil {
			rec[0], rec[1], rec[2], rec[3], rec[4] = p.SKU, p.Name, p.Brand, p.Category, p.EAN
			rec[5], rec[6], rec[7], rec[8] = strconv.Itoa(p.Stock), p.Price.String(), p.URL, p.ImageURL
			if err := cw.Write(rec); err != nil {
				return n, err
			}
		} else {
			b, err := json.Marshal(p)
			if err != nil {
				return n, err
			}
			if !first {
				bw.WriteByte(',')
			}
			first = false
			if _, err := bw.Write(b); err != nil {
				return n, err
			}
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if cw != nil {
		cw.Flush()
		if err := cw.Error(); err != nil {
			return n, err
		}
	} else {
		bw.WriteString(`]}`)
	}
	return n, bw.Flush()
}

// FeedFile splits a feed URL's last segment ("<token>.json") into token and format.
func FeedFile(file string) (token, format string, ok bool) {
	i := strings.LastIndexByte(file, '.')
	if i < 0 {
		return "", "", false
	}
	format = file[i+1:]
	if format != FormatJSON && format != FormatCSV {
		return "", "", false
	}
	return file[:i], format, true
}
