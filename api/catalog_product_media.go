package api

// productMediaRoutes: product images, energy stickers and catalog stickers, single and mass.
func productMediaRoutes(d Deps) []Route {
	return nil
}
