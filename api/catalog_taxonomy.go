package api

// taxonomyRoutes: categories, attributes and their values, brands, the lookup lists.
func taxonomyRoutes(d Deps) []Route {
	return nil
}
