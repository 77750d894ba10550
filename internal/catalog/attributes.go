package catalog

import "time"

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
