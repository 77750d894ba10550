package api

// salesRoutes are the sales area's endpoints, one table per part (each in its own file).
func salesRoutes(d Deps) []Route {
	var out []Route
	for _, area := range [][]Route{salesCartRoutes(d), salesOrderRoutes(d), salesAccountRoutes(d), salesStaffOrderRoutes(d), salesReturnRoutes(d), salesProformaRoutes(d)} {
		out = append(out, area...)
	}
	return out
}
