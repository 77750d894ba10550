package activity

// Entry types and subjects of the customers' voice: shoppers rating, asking and offering a
// price (so staff see them in the log beside their own handling), staff moderating ratings,
// answering and editing questions, and handling price offers.
const (
	RatingCreated     = "rating.created"
	QuestionCreated   = "question.created"
	PriceOfferCreated = "price_offer.created"
	RatingApproved    = "rating.approved"
	RatingDisapproved = "rating.disapproved"
	RatingDeleted     = "rating.deleted"
	RatingRestored    = "rating.restored"
	QuestionAnswered  = "question.answered"
	QuestionUpdated   = "question.updated"
	QuestionDeleted   = "question.deleted"
	PriceOfferUpdated = "price_offer.updated"
	// ContactMessageDeleted: staff removed a message sent from the contact page.
	ContactMessageDeleted = "contact_message.deleted"

	SubjectRating         = "rating"
	SubjectQuestion       = "question"
	SubjectPriceOffer     = "price_offer"
	SubjectContactMessage = "contact_message"
)
