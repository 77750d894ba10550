package api

// notificationRoutes: a user's notifications and their realtime stream.
func notificationRoutes(d Deps) []Route { return nil }
