package i18n

// Ref is a message argument that is itself a catalogue key, rendered in the message's own
// language (a status label inside "cannot go from {from} to {to}"): a service raising the
// error does not know the request's language.
type Ref string
