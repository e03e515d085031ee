import { Link } from 'react-router';
import { PageLayout } from '@/ui/page-layout';
import { Faq, type FaqItem } from './components/faq';
import { LANDING_FAQ } from './faq-items';
import { paths } from '@/lib/paths';

const MORE: FaqItem[] = [
  {
    question: 'Which browsers are supported?',
    answer: (
      <p>
        Current versions of Chrome, Edge, Firefox and Safari on desktop and mobile. The portal works on screens from 360
        px wide.
      </p>
    ),
  },
  {
    question: 'Can I share documents with buyers who have no account?',
    answer: (
      <p>
        Yes. From the content hub you can make files public and send the links by e-mail to several recipients at once.
      </p>
    ),
  },
  {
    question: 'How do I unsubscribe from the newsletter?',
    answer: <p>Every newsletter e-mail has an unsubscribe link. You can also write to us through the contact form.</p>,
  },
  {
    question: 'Where can I learn more about export trade?',
    answer: (
      <p>
        Read our{' '}
        <Link to={paths.stories} className="text-accent underline">
          stories
        </Link>{' '}
        and download the free guide on the{' '}
        <Link to={paths.resources} className="text-accent underline">
          resources
        </Link>{' '}
        page.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <PageLayout title="Frequently asked questions">
      <div className="max-w-3xl">
        <Faq items={[...LANDING_FAQ, ...MORE]} />
      </div>
    </PageLayout>
  );
}
