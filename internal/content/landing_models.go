package content

import (
	"embed"
	"encoding/base64"
	"fmt"
)

// The three landing page models (layouts), each with a small preview image for the admin's
// 'Izaberi raspored' step. The images ship inside the binary and travel as data URLs: no
// object store entry, no extra route.

//go:embed landing_models/*.svg
var modelImages embed.FS

// LandingModel is a layout staff choose when they create a landing page.
type LandingModel struct {
	ID    int
	Name  string
	Image string // data:image/svg+xml URL
}

var modelNames = map[int]string{
	LayoutAction:     "Akcija sa proizvodima",
	LayoutCards:      "Baner, četiri kartice i proizvodi",
	LayoutCategories: "Baner i kategorije",
}

// LandingModels are the three layouts, by id.
func LandingModels() []LandingModel {
	out := make([]LandingModel, 0, 3)
	for id := LayoutAction; id <= LayoutCategories; id++ {
		svg, err := modelImages.ReadFile(fmt.Sprintf("landing_models/%d.svg", id))
		if err != nil {
			panic(err) // embedded at build time
		}
		out = append(out, LandingModel{ID: id, Name: modelNames[id], Image: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)})
	}
	return out
}
