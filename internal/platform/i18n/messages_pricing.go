package i18n

// pricingMessages: the recompute of derived prices. Key -> [Serbian, English].
var pricingMessages = map[string][2]string{
	"pricing.recomputed_scope":    {"Cene su preračunate posle izmene pravila. Promenjeno proizvoda: {count}.", "The prices have been recomputed after the rule change. Products changed: {count}."},
	"pricing.recomputed":          {"Cene proizvoda kategorije {category} su preračunate. Promenjeno proizvoda: {count}.", "The prices of the products of the category {category} have been recomputed. Products changed: {count}."},
	"pricing.recompute_failed":    {"Preračunavanje cena proizvoda kategorije {category} nije uspelo: {error}", "Recomputing the prices of the products of the category {category} failed: {error}"},
	"pricing.cli_scope_usage":     {"prices recompute: navedite --category ID ili --all (jedno od dva)", "prices recompute: give --category ID or --all (one of the two)"},
	"pricing.cli_phase_computing": {"računanje novih cena", "computing the new prices"},
	"pricing.cli_phase_writing":   {"upis cena", "writing the prices"},
	"pricing.cli_changed":         {"Promenjene cene proizvoda: {count}", "Products whose prices changed: {count}"},
	"pricing.cli_would_change":    {"Proba (ništa nije upisano): promenile bi se cene proizvoda: {count}", "Dry run (nothing written): products whose prices would change: {count}"},
	"pricing.cli_largest":         {"Najveće promene cene za kupca, akcija ili web cena (prvih {n}):", "Largest changes of the price customers see, action or web price (first {n}):"},
	"pricing.cli_change_row":      {"  {sku} {name}: {old} -> {new} ({change})", "  {sku} {name}: {old} -> {new} ({change})"},
}
