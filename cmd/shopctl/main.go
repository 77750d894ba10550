// Command shopctl is the operator's CLI; it needs no running server.
package main

import (
	"os"

	"shop/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
