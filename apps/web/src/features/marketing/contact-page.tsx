import { Clock, Mail, MessageCircle } from 'lucide-react';
import { PageLayout } from '@/ui/page-layout';
import { ContactForm } from '@/features/contact-us';
import { SupportEmail } from './components/support-email';

export default function ContactPage() {
  return (
    <PageLayout
      title="Contact us"
      subtitle="Questions about the portal, a plan or your account? We answer within one business day."
    >
      <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
        <ContactForm source="contact-page" />
        <aside aria-label="Other ways to reach us" className="space-y-5 text-sm">
          <p className="flex gap-3">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span>
              E-mail: <SupportEmail />
            </span>
          </p>
          <p className="flex gap-3">
            <MessageCircle aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span>Chat: use the chat button at the bottom right of any page.</span>
          </p>
          <p className="flex gap-3">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span>
              Support hours: Monday to Friday, 9:00–18:00 (your time). Messages sent outside these hours are answered on
              the next business day.
            </span>
          </p>
        </aside>
      </div>
    </PageLayout>
  );
}
