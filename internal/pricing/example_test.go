package pricing_test

import (
	"fmt"

	"shop/internal/platform/money"
	"shop/internal/pricing"
)

// The figures of the package doc's worked example.
func ExampleEvaluate() {
	x := pricing.Evaluate(pricing.Inputs{
		Entry:              123456,
		Category:           pricing.Margins{Pdv: 2000, Web: 1500, Retail: 1500, Dealer: 800},
		AuthenticatedRules: []pricing.AuthenticatedRule{{ID: 1, DiscountBps: 500}},
	})
	fmt.Println("web", money.Para(x.Web), "dealer", x.Dealer, "authenticated", x.Authenticated)
	// Output: web 1704.00 dealer 1333.32 authenticated 1619.00
}
