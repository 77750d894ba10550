package api

// activityRoutes: the activity log.
func activityRoutes(d Deps) []Route {
	return nil
}
