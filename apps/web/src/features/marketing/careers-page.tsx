import { Link } from 'react-router';
import { PageLayout } from '@/ui/page-layout';
import { ProseSection } from './components/prose-section';
import { SupportEmail } from './components/support-email';
import { paths } from '@/lib/paths';

export default function CareersPage() {
  return (
    <PageLayout title="Careers" subtitle="Help merchant exporters trade with confidence.">
      <div className="max-w-3xl">
        <ProseSection title="How we work">
          <p>
            We are a small, remote-first team. We write things down, review each other's work, and ship small changes
            often. Everyone talks to customers: the best ideas for the portal come from exporters who use it every day.
          </p>
        </ProseSection>
        <ProseSection title="Open positions">
          <p>
            We have no open positions right now. We are always glad to hear from people with experience in trade
            finance, export logistics, customer support or web engineering.
          </p>
        </ProseSection>
        <ProseSection title="Get in touch">
          <p>
            Send a short note about yourself and what you would like to work on to <SupportEmail /> with the subject
            &ldquo;Careers&rdquo;, or use the <Link to={paths.contact}>contact form</Link>. We reply to every message.
          </p>
        </ProseSection>
      </div>
    </PageLayout>
  );
}
