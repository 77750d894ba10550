package catalog

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"shop/internal/activity"
	"shop/internal/platform/apperr"
	"shop/internal/platform/db"
	"shop/internal/platform/listing"
	"shop/internal/platform/validation"
)

// ManufacturerAttributeName is the name attribute ManufacturerAttributeID gets when created.
const ManufacturerAttributeName = "Proizvođač"

// Attribute is a product property (colour, screen size, manufacturer) with a list of values.
type Attribute struct {
	ID        uint64
	Name      string
	Position  int
	Active    bool
	CreatedAt time.Time
	UpdatedAt time.Time

	// Values is filled only where the attribute is shown with its values.
	Values []AttributeValue `gorm:"foreignKey:AttributeID"`
}

func (Attribute) TableName() string { return "attributes" }

// AttributeValue is one value of an attribute, unique within it.
type AttributeValue struct {
	ID          uint64
	AttributeID uint64
	Value       string
	Position    int
	Active      bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (AttributeValue) TableName() string { return "attribute_values" }

// CategoryAttribute says which attributes the products of a category have, in what order.
type CategoryAttribute struct {
	CategoryID  uint64 `gorm:"primaryKey;autoIncrement:false"`
	AttributeID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Position    int
	Active      bool
}

func (CategoryAttribute) TableName() string { return "category_attributes" }

// CategoryAttributeView is an attribute as a category has it: the link's position and status,
// the attribute's values.
type CategoryAttributeView struct {
	Attribute
	CategoryID uint64
	// Position and Active of the link (the category's order and status), not the attribute's.
	LinkPosition int
	LinkActive   bool
}

// Activity subjects of this file.
const (
	subjectCategory       = "category"
	subjectAttributeValue = "attribute_value"
)

// categoryAttributeLog is what the activity log keeps of a category's attribute link.
type categoryAttributeLog struct {
	CategoryID  uint64 `json:"category_id"`
	AttributeID uint64 `json:"attribute_id"`
	Name        string `json:"name,omitempty"`
	Position    int    `json:"position"`
	Active      bool   `json:"active"`
}

// attributeValueLog is what the activity log keeps of an attribute value.
type attributeValueLog struct {
	AttributeID uint64 `json:"attribute_id"`
	Value       string `json:"value"`
	Position    int    `json:"position"`
	Active      bool   `json:"active"`
}

func valueLog(v *AttributeValue) attributeValueLog {
	return attributeValueLog{AttributeID: v.AttributeID, Value: v.Value, Position: v.Position, Active: v.Active}
}

// foldedSQL is column lower-cased with the Serbian diacritics folded, the SQL twin of Fold
// (the same on SQLite, whose LOWER knows only ASCII, and PostgreSQL). column is always a
// constant of this package, never input.
func foldedSQL(column string) string {
	expr := column
	for _, p := range [][2]string{{"Č", "c"}, {"č", "c"}, {"Ć", "c"}, {"ć", "c"}, {"Š", "s"}, {"š", "s"}, {"Ž", "z"}, {"ž", "z"}, {"Đ", "dj"}, {"đ", "dj"}} {
		expr = "REPLACE(" + expr + ", '" + p[0] + "', '" + p[1] + "')"
	}
	return "LOWER(" + expr + ")"
}

// searchFolded narrows q to rows whose column contains term, diacritics folded.
func searchFolded(q *gorm.DB, column, term string) *gorm.DB {
	if term = strings.TrimSpace(term); term == "" {
		return q
	}
	return q.Where(foldedSQL(column)+" LIKE ?"+db.LikeEscape, db.LikeContains(Fold(term)))
}

// AttributeFilter is the attribute list's query.
type AttributeFilter struct {
	Search     string
	WithValues bool
	Page       listing.Page
}

// ListAttributes answers a page of attributes by name.
func (s *Service) ListAttributes(ctx context.Context, f AttributeFilter) ([]Attribute, int64, error) {
	q := searchFolded(s.db.WithContext(ctx).Model(&Attribute{}), "name", f.Search)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count attributes")
	}
	var out []Attribute
	if f.WithValues {
		q = q.Preload("Values", func(db *gorm.DB) *gorm.DB { return db.Order("position, value, id") })
	}
	if err := q.Order("name, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list attributes")
	}
	return out, total, nil
}

// GetAttribute answers one attribute (without values) or its 404.
func (s *Service) GetAttribute(ctx context.Context, id uint64) (*Attribute, error) {
	return s.getAttribute(ctx, s.db, id)
}

func (s *Service) getAttribute(ctx context.Context, tx *gorm.DB, id uint64) (*Attribute, error) {
	var a Attribute
	err := tx.WithContext(ctx).First(&a, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("attribute")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get attribute")
	}
	return &a, nil
}

// AttributeInput is an attribute's form; Values are created with it (in this order).
type AttributeInput struct {
	Name     string   `json:"name" validate:"required,max=255"`
	Position *int     `json:"position" validate:"omitempty,min=0"`
	Active   *bool    `json:"active"`
	Values   []string `json:"values" validate:"dive,required,max=255"`
}

// AttributePatch changes only the fields it carries.
type AttributePatch struct {
	Name     *string
	Position *int
	Active   *bool
}

// CreateAttribute adds an active attribute with its values (in the given order).
func (s *Service) CreateAttribute(ctx context.Context, name string, values []string) (*Attribute, error) {
	return s.CreateAttributeWith(ctx, AttributeInput{Name: name, Values: values})
}

// CreateAttributeWith adds an attribute from its full form.
func (s *Service) CreateAttributeWith(ctx context.Context, in AttributeInput) (*Attribute, error) {
	var out *Attribute
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.createAttribute(ctx, tx, in)
		if err != nil {
			return err
		}
		out = a
		values := make([]string, 0, len(a.Values))
		for _, v := range a.Values {
			values = append(values, v.Value)
		}
		// the values are listed here; they get no entries of their own (they are the attribute's form)
		return activity.Record(ctx, tx, activity.Change{Type: activity.AttributeCreated, SubjectType: activity.SubjectAttribute, SubjectID: a.ID,
			New: map[string]any{"name": a.Name, "position": a.Position, "active": a.Active, "values": values}})
	})
	return out, err
}

// checkAttribute trims and validates the form: name unique (diacritics and case folded),
// values unique within it.
func (s *Service) checkAttribute(ctx context.Context, tx *gorm.DB, in *AttributeInput, self uint64) error {
	in.Name = strings.TrimSpace(in.Name)
	for i := range in.Values {
		in.Values[i] = strings.TrimSpace(in.Values[i])
	}
	if err := validation.Check(in); err != nil {
		return err
	}
	seen := map[string]bool{}
	for i, v := range in.Values {
		if seen[Fold(v)] {
			return apperr.InvalidFields(apperr.Field("values."+strconv.Itoa(i), "validation.value_taken"))
		}
		seen[Fold(v)] = true
	}
	var n int64
	if err := tx.WithContext(ctx).Model(&Attribute{}).Where("id <> ? AND "+foldedSQL("name")+" = ?", self, Fold(in.Name)).Count(&n).Error; err != nil {
		return apperr.Wrap(err, "check attribute name")
	}
	if n > 0 {
		return apperr.InvalidFields(apperr.Field("name", "validation.attribute_taken"))
	}
	return nil
}

func (s *Service) createAttribute(ctx context.Context, tx *gorm.DB, in AttributeInput) (*Attribute, error) {
	if err := s.checkAttribute(ctx, tx, &in, 0); err != nil {
		return nil, err
	}
	a := &Attribute{Name: in.Name, Active: true}
	if in.Position != nil {
		a.Position = *in.Position
	}
	if in.Active != nil {
		a.Active = *in.Active
	}
	if err := tx.Create(a).Error; err != nil {
		return nil, apperr.Wrap(err, "create attribute")
	}
	if len(in.Values) > 0 {
		a.Values = make([]AttributeValue, len(in.Values))
		for i, v := range in.Values {
			a.Values[i] = AttributeValue{AttributeID: a.ID, Value: v, Position: i, Active: true}
		}
		if err := tx.CreateInBatches(&a.Values, 500).Error; err != nil {
			return nil, apperr.Wrap(err, "create attribute values")
		}
	} else {
		a.Values = []AttributeValue{}
	}
	return a, nil
}

// UpdateAttribute renames an attribute or changes its position or status.
func (s *Service) UpdateAttribute(ctx context.Context, id uint64, p AttributePatch) (*Attribute, error) {
	var out *Attribute
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		a, err := s.getAttribute(ctx, tx, id)
		if err != nil {
			return err
		}
		before := map[string]any{"name": a.Name, "position": a.Position, "active": a.Active}
		in := AttributeInput{Name: a.Name}
		if p.Name != nil {
			in.Name = *p.Name
		}
		in.Position = p.Position
		if err := s.checkAttribute(ctx, tx, &in, id); err != nil {
			return err
		}
		a.Name = in.Name
		if p.Position != nil {
			a.Position = *p.Position
		}
		if p.Active != nil {
			a.Active = *p.Active
		}
		a.UpdatedAt = s.now()
		if err := tx.Select("name", "position", "active", "updated_at").Save(a).Error; err != nil {
			return apperr.Wrap(err, "update attribute")
		}
		out = a
		return activity.Record(ctx, tx, activity.Change{Type: activity.AttributeUpdated, SubjectType: activity.SubjectAttribute, SubjectID: id,
			Old: before, New: map[string]any{"name": a.Name, "position": a.Position, "active": a.Active}})
	})
	return out, err
}

// EnsureManufacturerAttribute creates the manufacturer attribute with its fixed id
// (ManufacturerAttributeID) when it is missing. On PostgreSQL the id sequence is moved past
// it, so later attributes do not collide. Call it before creating other attributes, or
// attribute 24 may already be something else.
func (s *Service) EnsureManufacturerAttribute(ctx context.Context) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		now := s.now()
		a := Attribute{ID: ManufacturerAttributeID, Name: ManufacturerAttributeName, Active: true, CreatedAt: now, UpdatedAt: now}
		if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).Create(&a).Error; err != nil {
			return apperr.Wrap(err, "create manufacturer attribute")
		}
		if tx.Dialector.Name() == "postgres" {
			err := tx.Exec("SELECT setval(pg_get_serial_sequence('attributes', 'id'), (SELECT MAX(id) FROM attributes))").Error
			if err != nil {
				return apperr.Wrap(err, "move attribute id sequence")
			}
		}
		return nil
	})
}

// AttributeValueFilter is the value list's query.
type AttributeValueFilter struct {
	Search string
	Page   listing.Page
}

// ListAttributeValues answers a page of an attribute's values by position, then value.
func (s *Service) ListAttributeValues(ctx context.Context, attributeID uint64, f AttributeValueFilter) ([]AttributeValue, int64, error) {
	if _, err := s.GetAttribute(ctx, attributeID); err != nil {
		return nil, 0, err
	}
	q := searchFolded(s.db.WithContext(ctx).Model(&AttributeValue{}).Where("attribute_id = ?", attributeID), "value", f.Search)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "count attribute values")
	}
	var out []AttributeValue
	if err := q.Order("position, value, id").Offset(f.Page.Offset()).Limit(f.Page.Size).Find(&out).Error; err != nil {
		return nil, 0, apperr.Wrap(err, "list attribute values")
	}
	return out, total, nil
}

// AttributeValueInput is a value's form.
type AttributeValueInput struct {
	Value    string `json:"value" validate:"required,max=255"`
	Position *int   `json:"position" validate:"omitempty,min=0"`
	Active   *bool  `json:"active"`
}

// AttributeValuePatch changes only the fields it carries.
type AttributeValuePatch struct {
	Value    *string
	Position *int
	Active   *bool
}

// checkValue validates a value and its uniqueness within the attribute (case and diacritics
// folded: 'LG' and 'lg' are one manufacturer).
func (s *Service) checkValue(ctx context.Context, tx *gorm.DB, attributeID uint64, in *AttributeValueInput, self uint64) error {
	in.Value = strings.TrimSpace(in.Value)
	if err := validation.Check(in); err != nil {
		return err
	}
	var n int64
	err := tx.WithContext(ctx).Model(&AttributeValue{}).
		Where("attribute_id = ? AND id <> ? AND "+foldedSQL("value")+" = ?", attributeID, self, Fold(in.Value)).Count(&n).Error
	if err != nil {
		return apperr.Wrap(err, "check attribute value")
	}
	if n > 0 {
		return apperr.InvalidFields(apperr.Field("value", "validation.value_taken"))
	}
	return nil
}

// CreateAttributeValue adds a value to an attribute (active, position 0 unless given: the
// list then reads alphabetically until someone orders it).
func (s *Service) CreateAttributeValue(ctx context.Context, attributeID uint64, in AttributeValueInput) (*AttributeValue, error) {
	var out *AttributeValue
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.getAttribute(ctx, tx, attributeID); err != nil {
			return err
		}
		if err := s.checkValue(ctx, tx, attributeID, &in, 0); err != nil {
			return err
		}
		v := &AttributeValue{AttributeID: attributeID, Value: in.Value, Active: true}
		if in.Position != nil {
			v.Position = *in.Position
		}
		if in.Active != nil {
			v.Active = *in.Active
		}
		if err := tx.Create(v).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return apperr.InvalidFields(apperr.Field("value", "validation.value_taken"))
			}
			return apperr.Wrap(err, "create attribute value")
		}
		out = v
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryAttributeValueCreated,
			SubjectType: subjectAttributeValue, SubjectID: v.ID, New: valueLog(v)})
	})
	return out, err
}

func (s *Service) getValue(ctx context.Context, tx *gorm.DB, attributeID, valueID uint64) (*AttributeValue, error) {
	var v AttributeValue
	err := tx.WithContext(ctx).Where("id = ? AND attribute_id = ?", valueID, attributeID).First(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("attribute_value")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "get attribute value")
	}
	return &v, nil
}

// UpdateAttributeValue changes a value's text, position or status.
func (s *Service) UpdateAttributeValue(ctx context.Context, attributeID, valueID uint64, p AttributeValuePatch) (*AttributeValue, error) {
	var out *AttributeValue
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.getAttribute(ctx, tx, attributeID); err != nil {
			return err
		}
		v, err := s.getValue(ctx, tx, attributeID, valueID)
		if err != nil {
			return err
		}
		old := valueLog(v)
		in := AttributeValueInput{Value: v.Value, Position: p.Position}
		if p.Value != nil {
			in.Value = *p.Value
		}
		if err := s.checkValue(ctx, tx, attributeID, &in, valueID); err != nil {
			return err
		}
		v.Value = in.Value
		if p.Position != nil {
			v.Position = *p.Position
		}
		if p.Active != nil {
			v.Active = *p.Active
		}
		v.UpdatedAt = s.now()
		if err := tx.Select("value", "position", "active", "updated_at").Save(v).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return apperr.InvalidFields(apperr.Field("value", "validation.value_taken"))
			}
			return apperr.Wrap(err, "update attribute value")
		}
		out = v
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryAttributeValueUpdated,
			SubjectType: subjectAttributeValue, SubjectID: v.ID, Old: old, New: valueLog(v)})
	})
	return out, err
}

// DeleteAttributeValue removes a value no product uses (as its attribute value or its
// manufacturer); a used one is a conflict.
func (s *Service) DeleteAttributeValue(ctx context.Context, attributeID, valueID uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		v, err := s.getValue(ctx, tx, attributeID, valueID)
		if err != nil {
			return err
		}
		var used []int
		err = tx.Raw(`SELECT 1 FROM product_attributes WHERE attribute_value_id = ?
			UNION ALL SELECT 1 FROM products WHERE manufacturer_id = ? LIMIT 1`, valueID, valueID).Scan(&used).Error
		if err != nil {
			return apperr.Wrap(err, "check attribute value use")
		}
		if len(used) > 0 {
			return apperr.New(apperr.Conflict, "attribute_value.in_use")
		}
		if err := tx.Delete(&AttributeValue{}, valueID).Error; err != nil {
			return apperr.Wrap(err, "delete attribute value")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryAttributeValueDeleted,
			SubjectType: subjectAttributeValue, SubjectID: v.ID, Old: valueLog(v)})
	})
}

// CategoryAttributes answers a category's attributes in the category's order, each with its
// values: two statements whatever the count.
func (s *Service) CategoryAttributes(ctx context.Context, categoryID uint64) ([]CategoryAttributeView, error) {
	if _, err := s.GetCategory(ctx, categoryID); err != nil {
		return nil, err
	}
	return s.categoryAttributes(ctx, s.db, categoryID)
}

func (s *Service) categoryAttributes(ctx context.Context, tx *gorm.DB, categoryID uint64) ([]CategoryAttributeView, error) {
	var rows []struct {
		Attribute
		LinkPosition int
		LinkActive   bool
	}
	err := tx.WithContext(ctx).Table("category_attributes ca").
		Select("a.*, ca.position AS link_position, ca.active AS link_active").
		Joins("JOIN attributes a ON a.id = ca.attribute_id").
		Where("ca.category_id = ?", categoryID).Order("ca.position, a.name, a.id").Scan(&rows).Error
	if err != nil {
		return nil, apperr.Wrap(err, "list category attributes")
	}
	out := make([]CategoryAttributeView, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	at := make(map[uint64]int, len(rows))
	for i, r := range rows {
		out[i] = CategoryAttributeView{Attribute: r.Attribute, CategoryID: categoryID, LinkPosition: r.LinkPosition, LinkActive: r.LinkActive}
		out[i].Values = []AttributeValue{}
		ids[i] = r.ID
		at[r.ID] = i
	}
	var values []AttributeValue
	if err := tx.WithContext(ctx).Where("attribute_id IN ?", ids).Order("position, value, id").Find(&values).Error; err != nil {
		return nil, apperr.Wrap(err, "list category attribute values")
	}
	for _, v := range values {
		i := at[v.AttributeID]
		out[i].Values = append(out[i].Values, v)
	}
	return out, nil
}

// CategoryAttributeLink attaches one existing attribute to a category. Position nil puts it
// last; Active nil means active.
type CategoryAttributeLink struct {
	AttributeID uint64 `json:"id" validate:"required"`
	Position    *int   `json:"position" validate:"omitempty,min=0"`
	Active      *bool  `json:"active"`
}

// AttachCategoryAttributes links existing attributes to a category; a link that exists
// already takes the given position and status. Links not named stay as they are.
func (s *Service) AttachCategoryAttributes(ctx context.Context, categoryID uint64, links []CategoryAttributeLink) ([]CategoryAttributeView, error) {
	var fields []apperr.FieldError
	if len(links) == 0 {
		fields = append(fields, apperr.Field("attributes", "validation.required"))
	}
	for i := range links {
		if err := validation.Check(&links[i]); err != nil {
			for _, f := range apperr.As(err).Fields {
				f.Field = "attributes." + strconv.Itoa(i) + "." + f.Field
				fields = append(fields, f)
			}
		}
	}
	if len(fields) > 0 {
		return nil, apperr.InvalidFields(fields...)
	}
	var out []CategoryAttributeView
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.getCategory(ctx, tx, categoryID); err != nil {
			return err
		}
		ids := make([]uint64, len(links))
		for i, l := range links {
			ids[i] = l.AttributeID
		}
		var attrs []Attribute
		if err := tx.Where("id IN ?", ids).Find(&attrs).Error; err != nil {
			return apperr.Wrap(err, "load attributes")
		}
		names := map[uint64]string{}
		for _, a := range attrs {
			names[a.ID] = a.Name
		}
		for i, l := range links {
			if _, ok := names[l.AttributeID]; !ok {
				fields = append(fields, apperr.Field("attributes."+strconv.Itoa(i)+".id", "validation.attribute_unknown"))
			}
		}
		if len(fields) > 0 {
			return apperr.InvalidFields(fields...)
		}
		var existing []CategoryAttribute
		if err := tx.Where("category_id = ?", categoryID).Find(&existing).Error; err != nil {
			return apperr.Wrap(err, "load category attributes")
		}
		cur := map[uint64]CategoryAttribute{}
		next := 0
		for _, e := range existing {
			cur[e.AttributeID] = e
			next = max(next, e.Position+1)
		}
		var changes []activity.Change
		var rows []CategoryAttribute
		done := map[uint64]bool{}
		for _, l := range links {
			if done[l.AttributeID] {
				continue
			}
			done[l.AttributeID] = true
			row, had := cur[l.AttributeID]
			if !had {
				row = CategoryAttribute{CategoryID: categoryID, AttributeID: l.AttributeID, Position: next, Active: true}
				next++
			}
			old := row
			if l.Position != nil {
				row.Position = *l.Position
			}
			if l.Active != nil {
				row.Active = *l.Active
			}
			switch {
			case !had:
				changes = append(changes, activity.Change{Type: activity.CategoryAttributeCreated, SubjectType: subjectCategory,
					SubjectID: categoryID, New: linkLog(row, names[row.AttributeID])})
			case old != row:
				changes = append(changes, activity.Change{Type: activity.CategoryAttributeUpdated, SubjectType: subjectCategory,
					SubjectID: categoryID, Old: linkLog(old, names[row.AttributeID]), New: linkLog(row, names[row.AttributeID])})
			default:
				continue
			}
			rows = append(rows, row)
		}
		if len(rows) > 0 {
			err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "category_id"}, {Name: "attribute_id"}},
				DoUpdates: clause.AssignmentColumns([]string{"position", "active"})}).CreateInBatches(rows, 500).Error
			if err != nil {
				return apperr.Wrap(err, "attach category attributes")
			}
		}
		if err := activity.Record(ctx, tx, changes...); err != nil {
			return err
		}
		var err error
		out, err = s.categoryAttributes(ctx, tx, categoryID)
		return err
	})
	return out, err
}

func linkLog(l CategoryAttribute, name string) categoryAttributeLog {
	return categoryAttributeLog{CategoryID: l.CategoryID, AttributeID: l.AttributeID, Name: name, Position: l.Position, Active: l.Active}
}

// CreateCategoryAttribute creates a new attribute with its values and attaches it to the
// category (last, active unless told otherwise).
func (s *Service) CreateCategoryAttribute(ctx context.Context, categoryID uint64, in AttributeInput) (*CategoryAttributeView, error) {
	var out *CategoryAttributeView
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.getCategory(ctx, tx, categoryID); err != nil {
			return err
		}
		linkActive := in.Active
		in.Active = nil // the attribute itself is active; the flag is the category's
		a, err := s.createAttribute(ctx, tx, in)
		if err != nil {
			return err
		}
		var next struct{ N int }
		if err := tx.Model(&CategoryAttribute{}).Select("COALESCE(MAX(position) + 1, 0) AS n").Where("category_id = ?", categoryID).Scan(&next).Error; err != nil {
			return apperr.Wrap(err, "next attribute position")
		}
		link := CategoryAttribute{CategoryID: categoryID, AttributeID: a.ID, Position: next.N, Active: true}
		if in.Position != nil {
			link.Position = *in.Position
		}
		if linkActive != nil {
			link.Active = *linkActive
		}
		if err := tx.Create(&link).Error; err != nil {
			return apperr.Wrap(err, "attach category attribute")
		}
		changes := []activity.Change{{Type: activity.CategoryAttributeCreated, SubjectType: subjectCategory, SubjectID: categoryID, New: linkLog(link, a.Name)}}
		for i := range a.Values {
			changes = append(changes, activity.Change{Type: activity.CategoryAttributeValueCreated, SubjectType: subjectAttributeValue,
				SubjectID: a.Values[i].ID, New: valueLog(&a.Values[i])})
		}
		if err := activity.Record(ctx, tx, changes...); err != nil {
			return err
		}
		out = &CategoryAttributeView{Attribute: *a, CategoryID: categoryID, LinkPosition: link.Position, LinkActive: link.Active}
		return nil
	})
	return out, err
}

// CategoryAttributePatch changes a category's attribute link.
type CategoryAttributePatch struct {
	Position *int
	Active   *bool
}

// UpdateCategoryAttribute changes the position or status of an attribute in a category.
func (s *Service) UpdateCategoryAttribute(ctx context.Context, categoryID, attributeID uint64, p CategoryAttributePatch) (*CategoryAttributeView, error) {
	if p.Position != nil && *p.Position < 0 {
		return nil, apperr.InvalidFields(apperr.Field("position", "validation.min", "n", 0))
	}
	var out *CategoryAttributeView
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		link, a, err := s.getCategoryAttribute(ctx, tx, categoryID, attributeID)
		if err != nil {
			return err
		}
		old := *link
		if p.Position != nil {
			link.Position = *p.Position
		}
		if p.Active != nil {
			link.Active = *p.Active
		}
		if *link != old {
			if err := tx.Model(&CategoryAttribute{}).Where("category_id = ? AND attribute_id = ?", categoryID, attributeID).
				Updates(map[string]any{"position": link.Position, "active": link.Active}).Error; err != nil {
				return apperr.Wrap(err, "update category attribute")
			}
			if err := activity.Record(ctx, tx, activity.Change{Type: activity.CategoryAttributeUpdated, SubjectType: subjectCategory,
				SubjectID: categoryID, Old: linkLog(old, a.Name), New: linkLog(*link, a.Name)}); err != nil {
				return err
			}
		}
		views, err := s.categoryAttributes(ctx, tx, categoryID)
		if err != nil {
			return err
		}
		for i := range views {
			if views[i].ID == attributeID {
				out = &views[i]
			}
		}
		return nil
	})
	return out, err
}

func (s *Service) getCategoryAttribute(ctx context.Context, tx *gorm.DB, categoryID, attributeID uint64) (*CategoryAttribute, *Attribute, error) {
	if _, err := s.getCategory(ctx, tx, categoryID); err != nil {
		return nil, nil, err
	}
	a, err := s.getAttribute(ctx, tx, attributeID)
	if err != nil {
		return nil, nil, err
	}
	var link CategoryAttribute
	err = tx.WithContext(ctx).Where("category_id = ? AND attribute_id = ?", categoryID, attributeID).First(&link).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil, apperr.NotFoundThing("category_attribute")
	}
	if err != nil {
		return nil, nil, apperr.Wrap(err, "get category attribute")
	}
	return &link, a, nil
}

// DetachCategoryAttribute removes an attribute from a category (the attribute, its values and
// products' values stay).
func (s *Service) DetachCategoryAttribute(ctx context.Context, categoryID, attributeID uint64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		link, a, err := s.getCategoryAttribute(ctx, tx, categoryID, attributeID)
		if err != nil {
			return err
		}
		if err := tx.Where("category_id = ? AND attribute_id = ?", categoryID, attributeID).Delete(&CategoryAttribute{}).Error; err != nil {
			return apperr.Wrap(err, "detach category attribute")
		}
		return activity.Record(ctx, tx, activity.Change{Type: activity.CategoryAttributeDeleted, SubjectType: subjectCategory,
			SubjectID: categoryID, Old: linkLog(*link, a.Name)})
	})
}
