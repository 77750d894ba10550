package identity

import "time"

// SetClock replaces the service's clock, so tests move time instead of waiting for it.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// HashToken is how refresh tokens are stored, for tests that write one as an older release did.
var HashToken = hashToken
