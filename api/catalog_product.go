package api

// productRoutes: products: list with every filter, single, create, update, delete, attributes, mass changes, transfer.
func productRoutes(d Deps) []Route {
	return nil
}
