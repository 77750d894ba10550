package catalog

import "time"

// Brand is a product's brand (the name is unique).
type Brand struct {
	ID        uint64
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (Brand) TableName() string { return "brands" }
