package main

import (
	"fmt"
	"os"
	"os/exec"
)

// storefrontWebFigure: Lighthouse (mobile defaults) and axe on the demo shop's home, a category
// and a product page, and the category page's gzipped JavaScript,
// measured by e2e/bench-storefront.mjs against bin/shopd with the built storefront (it starts
// its own shop through the e2e harness and prints each figure beside its goal).
func storefrontWebFigure() error {
	for _, need := range []string{"store-web/dist/index.html", "bin/shopd", "e2e/node_modules/lighthouse"} {
		if _, err := os.Stat(need); err != nil {
			fmt.Printf("storefront web: skipped (%s is missing: make web build-go e2e-deps)\n", need)
			return nil
		}
	}
	cmd := exec.Command("node", "e2e/bench-storefront.mjs")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("e2e/bench-storefront.mjs: %w", err)
	}
	return nil
}
