package activity

// Entry types and subjects of the customers' voice: staff moderating ratings,
// answering and editing questions, and handling price offers.
const (
	RatingApproved    = "rating.approved"
	RatingDisapproved = "rating.disapproved"
	RatingDeleted     = "rating.deleted"
	RatingRestored    = "rating.restored"
	QuestionAnswered  = "question.answered"
	QuestionUpdated   = "question.updated"
	QuestionDeleted   = "question.deleted"
	PriceOfferUpdated = "price_offer.updated"

	SubjectRating     = "rating"
	SubjectQuestion   = "question"
	SubjectPriceOffer = "price_offer"
)
