package api

// supplierRoutes: suppliers and their price-list products (connected, unconnected, disconnect).
func supplierRoutes(d Deps) []Route {
	return nil
}
