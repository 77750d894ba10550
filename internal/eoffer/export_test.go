package eoffer

import "context"

// RecalcBoth runs the set-based recalculation and the Go reference on the newest import.
func RecalcBoth(ctx context.Context, s *Service, st Settings, scope Scope) (sqlRows, goRows []Row, sqlPriced, goPriced []bool, err error) {
	p, err := st.check()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	imp, err := s.LatestImport(ctx)
	if err != nil || imp == nil {
		return nil, nil, nil, nil, err
	}
	if sqlRows, sqlPriced, err = s.recalcSQL(ctx, imp.ID, p, scope); err != nil {
		return nil, nil, nil, nil, err
	}
	goRows, goPriced, err = s.recalcGo(ctx, imp.ID, p, scope)
	return sqlRows, goRows, sqlPriced, goPriced, err
}

// WithProductRead is the service with recalcPG's read of products forced: every product in
// scope (all true) or the file's by key.
func WithProductRead(s *Service, all bool) *Service {
	c := *s
	c.productRead = productsByKey
	if all {
		c.productRead = productsAll
	}
	return &c
}
