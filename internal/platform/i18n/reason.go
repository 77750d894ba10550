package i18n

import "shop/internal/platform/apperr"

// Reason is an error as a person reads it in a notification or a report: the first field's
// message of a refusal with fields, the message of other known errors, and the generic
// server error for internal ones and outages (their cause is logged, never shown).
func Reason(lang Lang, err error) string {
	e := apperr.As(err)
	switch {
	case e.Code == apperr.Internal || e.Code == apperr.Unavailable:
		return T(lang, "error.server", nil)
	case len(e.Fields) > 0:
		return T(lang, e.Fields[0].Msg.Key, e.Fields[0].Msg.Args)
	default:
		return T(lang, e.Msg.Key, e.Msg.Args)
	}
}
