package worker

import "github.com/hibiken/asynq"

// registerProductsImport adds the job creating shop products from supplier products.
func registerProductsImport(mux *asynq.ServeMux, d Deps) {}
