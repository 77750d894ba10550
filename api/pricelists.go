package api

// pricelistRoutes: price-list upload, the imports and a supplier's header mapping.
func pricelistRoutes(d Deps) []Route { return nil }
