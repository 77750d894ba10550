package i18n

// notifyMessages: the notifications of the admin's bell. Key -> [Serbian, English]. The texts
// inside a notification are the producer's (the price-list import), not these.
var notifyMessages = map[string][2]string{
	"notfound.notification": {"Obaveštenje ne postoji ili je izbrisano.", "The notification does not exist or has been deleted."},

	"notification.read":        {"Obaveštenje je označeno kao pročitano.", "The notification has been marked as read."},
	"notification.read_all":    {"Sva obaveštenja su označena kao pročitana.", "All notifications have been marked as read."},
	"notification.deleted":     {"Obaveštenje je obrisano.", "The notification has been deleted."},
	"notification.deleted_all": {"Sva obaveštenja su obrisana.", "All notifications have been deleted."},
}
