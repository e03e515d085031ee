import { Link } from 'react-router';
import type { FaqItem } from './components/faq';
import { paths } from '@/lib/paths';

/** The landing page's five questions (docs/product/public-site.md#faq). */
export const LANDING_FAQ: FaqItem[] = [
  {
    question: 'What is Trading Portal?',
    answer: (
      <p>
        Trading Portal is the gateway to global trading for merchant exporters and trading professionals: live quotes
        and a paper-trading account to practise decisions, a content hub to store and share your trade documents, and
        e-mail campaigns to stay in touch with buyers.
      </p>
    ),
  },
  {
    question: 'How do I sign in? Do I need a password?',
    answer: (
      <p>
        No password is needed. Enter your e-mail address on the{' '}
        <Link to={paths.login} className="text-accent underline">
          sign-in page
        </Link>{' '}
        and we send you a magic link. Open it and you are signed in. The link works once and expires after 10 minutes.
      </p>
    ),
  },
  {
    question: 'Is the trading real money?',
    answer: (
      <p>
        No. Trading in the portal is paper trading: orders fill against live-style quotes in a practice account, so you
        can test strategies and learn how markets move without risking real money.
      </p>
    ),
  },
  {
    question: 'What does it cost?',
    answer: (
      <p>
        Plans are Developer at $49, Team at $149 and Enterprise at $499 per month. For a limited time you get 2 months
        free when you choose an annual subscription.
      </p>
    ),
  },
  {
    question: 'How can I reach support?',
    answer: (
      <p>
        Use the chat button at the bottom right of any page (Monday to Friday, 9:00–18:00 by your clock) or the{' '}
        <Link to={paths.contact} className="text-accent underline">
          contact form
        </Link>
        . Outside those hours your message is kept and answered on the next business day.
      </p>
    ),
  },
];
