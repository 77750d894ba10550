import type { ReactNode } from 'react'
import { lazyPage } from '../../lazyPage'
import type { ScreenName } from '../../screens'

const RatingsPage = lazyPage(() => import('./RatingsPage'), 'RatingsPage')
const RatingDetail = lazyPage(() => import('./RatingsPage'), 'RatingDetail')
const QuestionsPage = lazyPage(() => import('./QuestionsPage'), 'QuestionsPage')
const QuestionDetail = lazyPage(() => import('./QuestionsPage'), 'QuestionDetail')
const PriceOffersPage = lazyPage(() => import('./PriceOffersPage'), 'PriceOffersPage')
const ContactMessagesPage = lazyPage(() => import('./ContactMessagesPage'), 'ContactMessagesPage')
const ContactMessageDetail = lazyPage(() => import('./ContactMessagesPage'), 'ContactMessageDetail')

// The customers' voice: ratings, questions and answers, price offers, contact messages.
export const voiceScreens: Partial<Record<ScreenName, ReactNode>> = {
  ratings: <RatingsPage />,
  rating: <RatingDetail />,
  questions: <QuestionsPage />,
  question: <QuestionDetail />,
  priceOffers: <PriceOffersPage />,
  contactMessages: <ContactMessagesPage />,
  contactMessage: <ContactMessageDetail />,
}
