package api

// pricelistLinkRoutes: category linking, product linking and the products import.
func pricelistLinkRoutes(d Deps) []Route { return nil }
