package i18n

// pricingMessages: the recompute of derived prices. Key -> [Serbian, English].
var pricingMessages = map[string][2]string{
	"pricing.recomputed":       {"Cene proizvoda kategorije {category} su preračunate. Promenjeno proizvoda: {count}.", "The prices of the products of the category {category} have been recomputed. Products changed: {count}."},
	"pricing.recompute_failed": {"Preračunavanje cena proizvoda kategorije {category} nije uspelo: {error}", "Recomputing the prices of the products of the category {category} failed: {error}"},
}
