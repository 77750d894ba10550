package sales

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/money"
	"shop/internal/storefront"
)

// cartItem is one stored line (table cart_items).
type cartItem struct {
	Owner      string `gorm:"primaryKey"`
	Instance   string `gorm:"primaryKey"`
	ProductID  uint64 `gorm:"primaryKey;autoIncrement:false"`
	Quantity   int
	PriceAtAdd money.Para
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (cartItem) TableName() string { return "cart_items" }

// Line is one product of a cart or wish list as the caller sees it now.
type Line struct {
	ProductID        uint64
	Name             string
	SKU              string
	Slug             string
	MainCategorySlug string
	MainImageKey     string
	Quantity         int
	// Price is the current shown price for this caller; PriceAtAdd the shown price when the
	// line was added (PriceChanged when they differ, so the page can say so).
	Price        money.Para
	PriceAtAdd   money.Para
	PriceChanged bool
	LineTotal    money.Para
	// Purchasable: the product can be bought now (active, visible, not below its category's
	// min price). A line that is not is left out of the total (and refused at checkout).
	Purchasable bool
	// InStock: the stock covers the line's quantity.
	InStock bool
}

// Cart is a cart or a wish list: its id (what the client keeps in its cookie, or the user's
// id), its lines and the total of the purchasable ones.
type Cart struct {
	ID       string
	Instance string
	Items    []Line
	Total    money.Para
	// Count is the number of units on the purchasable lines (the header's badge).
	Count int
}

// ItemInput names a line: the list (cart_id, instance), the product and, for add and set,
// the quantity (add: 1 when absent).
type ItemInput struct {
	CartID    string
	ProductID uint64
	Quantity  *int
	Instance  string
}

// Cart answers the caller's cart or wish list. A guest without an id gets a new, empty one
// with a fresh id (the client keeps it in its cookie).
func (s *Service) Cart(ctx context.Context, c Caller, instance, cartID string) (*Cart, error) {
	instance, err := checkInstance(instance)
	if err != nil {
		return nil, err
	}
	key, public, err := owner(c, cartID, "cart_id", true)
	if err != nil {
		return nil, err
	}
	return s.load(ctx, s.db, c, key, public, instance)
}

// load reads a list's lines and prices them for the caller. Lines whose product was deleted
// are not shown.
func (s *Service) load(ctx context.Context, db *gorm.DB, c Caller, key, public, instance string) (*Cart, error) {
	var rows []cartItem
	if err := db.WithContext(ctx).Where("owner = ? AND instance = ?", key, instance).Order("created_at, product_id").Find(&rows).Error; err != nil {
		return nil, apperr.Wrap(err, "load cart")
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	products, err := s.sf.PurchaseProducts(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	out := &Cart{ID: public, Instance: instance, Items: make([]Line, 0, len(rows))}
	for _, r := range rows {
		p, ok := products[r.ProductID]
		if !ok {
			continue
		}
		l := line(p, r, c.LoggedIn())
		if l.Purchasable {
			out.Total += l.LineTotal
			out.Count += l.Quantity
		}
		out.Items = append(out.Items, l)
	}
	return out, nil
}

func line(p storefront.PurchaseProduct, r cartItem, loggedIn bool) Line {
	price := p.Price(loggedIn)
	return Line{ProductID: p.ID, Name: p.Name, SKU: p.SKU, Slug: p.Slug, MainCategorySlug: p.MainCategorySlug, MainImageKey: p.MainImageKey,
		Quantity: r.Quantity, Price: price, PriceAtAdd: r.PriceAtAdd, PriceChanged: r.PriceAtAdd != price,
		LineTotal: price * money.Para(r.Quantity), Purchasable: p.Buyable, InStock: p.Stock >= r.Quantity}
}

// checkQuantity bounds a quantity the client sends: 1 to MaxQuantity.
func checkQuantity(q *int, def int) (int, error) {
	if q == nil {
		return def, nil
	}
	switch {
	case *q < 1:
		return 0, apperr.InvalidFields(apperr.Field("quantity", "validation.min", "n", 1))
	case *q > MaxQuantity:
		return 0, apperr.InvalidFields(apperr.Field("quantity", "validation.max", "n", MaxQuantity))
	}
	return *q, nil
}

// product reads one product for a change to a list: unknown is a 422 on product_id; the cart
// takes only purchasable products, the wish list any product the storefront shows.
func (s *Service) product(ctx context.Context, db *gorm.DB, id uint64, instance string) (storefront.PurchaseProduct, error) {
	if id == 0 {
		return storefront.PurchaseProduct{}, apperr.InvalidFields(apperr.Field("product_id", "validation.required"))
	}
	ps, err := s.sf.PurchaseProducts(ctx, db, []uint64{id})
	if err != nil {
		return storefront.PurchaseProduct{}, err
	}
	p, ok := ps[id]
	if !ok || !p.Active || !p.Visible {
		return p, apperr.InvalidFields(apperr.Field("product_id", "validation.product_unknown"))
	}
	if instance == InstanceCart && !p.Buyable {
		return p, notPurchasable(p.Name)
	}
	return p, nil
}

func notPurchasable(names ...string) error {
	return &apperr.Error{Code: apperr.Invalid, Msg: apperr.M("sales.not_purchasable", "names", strings.Join(names, ", ")),
		Fields: []apperr.FieldError{apperr.Field("product_id", "sales.not_purchasable", "names", strings.Join(names, ", "))}}
}

// AddItem adds quantity units of a product to the cart, or the product to the wish list. In
// the cart the quantity adds to a line already there (up to MaxQuantity: more is a 422 and
// nothing changes); in the wish list a product is there once.
func (s *Service) AddItem(ctx context.Context, c Caller, in ItemInput) (*Cart, error) {
	return s.changeList(ctx, c, in.Instance, in.CartID, true, func(tx *gorm.DB, key, instance string) error {
		qty, err := checkQuantity(in.Quantity, 1)
		if err != nil {
			return err
		}
		p, err := s.product(ctx, tx, in.ProductID, instance)
		if err != nil {
			return err
		}
		var cur []cartItem
		if err := tx.Where("owner = ? AND instance = ?", key, instance).Find(&cur).Error; err != nil {
			return apperr.Wrap(err, "cart lines")
		}
		var existing *cartItem
		for i := range cur {
			if cur[i].ProductID == p.ID {
				existing = &cur[i]
			}
		}
		now := s.clock.Now()
		price := p.Price(c.LoggedIn())
		switch {
		case existing == nil:
			if len(cur) >= MaxLines {
				return apperr.InvalidFields(apperr.Field("product_id", "validation.cart_full", "n", MaxLines))
			}
			if instance == InstanceWishlist {
				qty = 1
			}
			row := cartItem{Owner: key, Instance: instance, ProductID: p.ID, Quantity: qty, PriceAtAdd: price, CreatedAt: now, UpdatedAt: now}
			if err := tx.Create(&row).Error; err != nil {
				return apperr.Wrap(err, "add cart line")
			}
		case instance == InstanceWishlist:
			// Already there: the heart is idempotent.
		default:
			if existing.Quantity+qty > MaxQuantity {
				return apperr.InvalidFields(apperr.Field("quantity", "validation.max", "n", MaxQuantity))
			}
			// The caller has just seen the current price: the note about a change is answered.
			res := tx.Model(&cartItem{}).Where("owner = ? AND instance = ? AND product_id = ? AND quantity + ? <= ?", key, instance, p.ID, qty, MaxQuantity).
				Updates(map[string]any{"quantity": gorm.Expr("quantity + ?", qty), "price_at_add": price, "updated_at": now})
			if res.Error != nil {
				return apperr.Wrap(res.Error, "add to cart line")
			}
			if res.RowsAffected == 0 {
				return apperr.InvalidFields(apperr.Field("quantity", "validation.max", "n", MaxQuantity))
			}
		}
		return nil
	})
}

// changeList checks the instance and the caller's right to the list, runs change in one
// transaction on the list's owner key and answers the list as it is then (the line calls'
// common frame; issue: a guest without a list id gets one).
func (s *Service) changeList(ctx context.Context, c Caller, instance, cartID string, issue bool, change func(tx *gorm.DB, key, instance string) error) (*Cart, error) {
	instance, err := checkInstance(instance)
	if err != nil {
		return nil, err
	}
	key, public, err := owner(c, cartID, "cart_id", issue)
	if err != nil {
		return nil, err
	}
	var out *Cart
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := change(tx, key, instance); err != nil {
			return err
		}
		out, err = s.load(ctx, tx, c, key, public, instance)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SetItem sets a line's quantity (1 to MaxQuantity); the product must be on the list.
func (s *Service) SetItem(ctx context.Context, c Caller, in ItemInput) (*Cart, error) {
	return s.changeList(ctx, c, in.Instance, in.CartID, false, func(tx *gorm.DB, key, instance string) error {
		if in.Quantity == nil {
			return apperr.InvalidFields(apperr.Field("quantity", "validation.required"))
		}
		qty, err := checkQuantity(in.Quantity, 1)
		if err != nil {
			return err
		}
		res := tx.Model(&cartItem{}).Where("owner = ? AND instance = ? AND product_id = ?", key, instance, in.ProductID).
			Updates(map[string]any{"quantity": qty, "updated_at": s.clock.Now()})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "set cart line")
		}
		if res.RowsAffected == 0 {
			return apperr.InvalidFields(apperr.Field("product_id", "validation.not_in_cart"))
		}
		return nil
	})
}

// RemoveItem takes a product off the list (not there: 422).
func (s *Service) RemoveItem(ctx context.Context, c Caller, in ItemInput) (*Cart, error) {
	return s.changeList(ctx, c, in.Instance, in.CartID, false, func(tx *gorm.DB, key, instance string) error {
		res := tx.Where("owner = ? AND instance = ? AND product_id = ?", key, instance, in.ProductID).Delete(&cartItem{})
		if res.Error != nil {
			return apperr.Wrap(res.Error, "remove cart line")
		}
		if res.RowsAffected == 0 {
			return apperr.InvalidFields(apperr.Field("product_id", "validation.not_in_cart"))
		}
		return nil
	})
}

// Clear empties the list (already empty: fine).
func (s *Service) Clear(ctx context.Context, c Caller, instance, cartID string) (*Cart, error) {
	instance, err := checkInstance(instance)
	if err != nil {
		return nil, err
	}
	key, public, err := owner(c, cartID, "cart_id", false)
	if err != nil {
		return nil, err
	}
	if err := s.db.WithContext(ctx).Where("owner = ? AND instance = ?", key, instance).Delete(&cartItem{}).Error; err != nil {
		return nil, apperr.Wrap(err, "clear cart")
	}
	return &Cart{ID: public, Instance: instance, Items: []Line{}}, nil
}

// Moved is the answer of the wish-list-to-cart calls: both lists after the move and the wish
// list's lines that could not go to the cart (not purchasable now; they stay in the wish list).
type Moved struct {
	Cart        *Cart
	Wishlist    *Cart
	Unavailable []Line
}

// WishlistToCart moves every purchasable product of the wish list to the cart (one unit, or
// one more unit when the cart has it already, up to MaxQuantity) and takes it off the wish
// list. With productID only that product moves (not purchasable: 422, nothing changes).
func (s *Service) WishlistToCart(ctx context.Context, c Caller, cartID, wishlistID string, productID uint64) (*Moved, error) {
	ck, cpub, err := owner(c, cartID, "cart_id", true)
	if err != nil {
		return nil, err
	}
	wk, wpub, err := owner(c, wishlistID, "wishlist_id", false)
	if err != nil {
		return nil, err
	}
	out := &Moved{Unavailable: []Line{}}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		wish, err := s.load(ctx, tx, c, wk, wpub, InstanceWishlist)
		if err != nil {
			return err
		}
		var move []Line
		for _, l := range wish.Items {
			if productID != 0 && l.ProductID != productID {
				continue
			}
			if !l.Purchasable {
				out.Unavailable = append(out.Unavailable, l)
				continue
			}
			move = append(move, l)
		}
		if productID != 0 {
			if len(out.Unavailable) > 0 {
				return notPurchasable(out.Unavailable[0].Name)
			}
			if len(move) == 0 {
				return apperr.InvalidFields(apperr.Field("product_id", "validation.not_in_wishlist"))
			}
		}
		if err := s.merge(tx, ck, InstanceCart, move, 1); err != nil {
			return err
		}
		ids := make([]uint64, len(move))
		for i, l := range move {
			ids[i] = l.ProductID
		}
		if len(ids) > 0 {
			if err := tx.Where("owner = ? AND instance = ? AND product_id IN ?", wk, InstanceWishlist, ids).Delete(&cartItem{}).Error; err != nil {
				return apperr.Wrap(err, "wishlist to cart")
			}
		}
		if out.Cart, err = s.load(ctx, tx, c, ck, cpub, InstanceCart); err != nil {
			return err
		}
		out.Wishlist, err = s.load(ctx, tx, c, wk, wpub, InstanceWishlist)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// merge adds lines to a list: each adds qty units (qty 0: the line's own quantity) to the
// line there, capped at MaxQuantity (the wish list keeps one); new lines past MaxLines are
// left out. The price at add is the line's.
func (s *Service) merge(tx *gorm.DB, key, instance string, lines []Line, qty int) error {
	if len(lines) == 0 {
		return nil
	}
	var cur []cartItem
	if err := tx.Where("owner = ? AND instance = ?", key, instance).Find(&cur).Error; err != nil {
		return apperr.Wrap(err, "merge lines")
	}
	have := map[uint64]cartItem{}
	for _, r := range cur {
		have[r.ProductID] = r
	}
	now := s.clock.Now()
	n := len(cur)
	for _, l := range lines {
		add := qty
		if add == 0 {
			add = l.Quantity
		}
		if r, ok := have[l.ProductID]; ok {
			q := min(r.Quantity+add, MaxQuantity)
			if instance == InstanceWishlist {
				q = 1
			}
			if err := tx.Model(&cartItem{}).Where("owner = ? AND instance = ? AND product_id = ?", key, instance, l.ProductID).
				Updates(map[string]any{"quantity": q, "updated_at": now}).Error; err != nil {
				return apperr.Wrap(err, "merge line")
			}
			continue
		}
		if n >= MaxLines {
			continue
		}
		n++
		q := min(add, MaxQuantity)
		if instance == InstanceWishlist {
			q = 1
		}
		row := cartItem{Owner: key, Instance: instance, ProductID: l.ProductID, Quantity: q, PriceAtAdd: l.PriceAtAdd, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&row).Error; err != nil {
			return apperr.Wrap(err, "merge line")
		}
		have[l.ProductID] = row
	}
	return nil
}

// Transfer moves a guest's cart and wish list (the ids from the cookies) to the logged-in
// user's, on login: quantities add up (capped), the guest's lists are emptied. A second call
// finds nothing left to move. Either id may be empty.
func (s *Service) Transfer(ctx context.Context, c Caller, cartID, wishlistID string) (*Moved, error) {
	if !c.LoggedIn() {
		return nil, apperr.New(apperr.Unauthorized, "error.unauthorized")
	}
	guest := Caller{}
	type src struct{ key, instance string }
	var srcs []src
	for _, x := range []struct{ id, field, instance string }{{cartID, "cart_id", InstanceCart}, {wishlistID, "wishlist_id", InstanceWishlist}} {
		if x.id == "" {
			continue
		}
		key, _, err := owner(guest, x.id, x.field, false)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src{key, x.instance})
	}
	own, pub, _ := owner(c, "", "cart_id", false)
	out := &Moved{Unavailable: []Line{}}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, sr := range srcs {
			var rows []cartItem
			if err := tx.Where("owner = ? AND instance = ?", sr.key, sr.instance).Order("created_at, product_id").Find(&rows).Error; err != nil {
				return apperr.Wrap(err, "transfer")
			}
			lines := make([]Line, len(rows))
			for i, r := range rows {
				lines[i] = Line{ProductID: r.ProductID, Quantity: r.Quantity, PriceAtAdd: r.PriceAtAdd}
			}
			if err := s.merge(tx, own, sr.instance, lines, 0); err != nil {
				return err
			}
			if err := tx.Where("owner = ? AND instance = ?", sr.key, sr.instance).Delete(&cartItem{}).Error; err != nil {
				return apperr.Wrap(err, "transfer")
			}
		}
		var err error
		if out.Cart, err = s.load(ctx, tx, c, own, pub, InstanceCart); err != nil {
			return err
		}
		out.Wishlist, err = s.load(ctx, tx, c, own, pub, InstanceWishlist)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
