package main

import (
	"fmt"
	"os"
	"os/exec"
)

// bundleFigure: the admin's JavaScript before its first screens, measured
// in headless Chromium against the built app served by bin/shopd (script e2e/bench-bundle.mjs,
// which starts its own shop through the e2e harness and prints the baseline and the goal).
func bundleFigure() error {
	for _, need := range []string{"admin-web/dist/index.html", "bin/shopd", "e2e/node_modules"} {
		if _, err := os.Stat(need); err != nil {
			fmt.Printf("admin bundle: skipped (%s is missing: make web build-go e2e-deps)\n", need)
			return nil
		}
	}
	cmd := exec.Command("node", "e2e/bench-bundle.mjs")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("e2e/bench-bundle.mjs: %w", err)
	}
	return nil
}
