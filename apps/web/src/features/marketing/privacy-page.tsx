import { Link } from 'react-router';
import { PageLayout } from '@/ui/page-layout';
import { ProseSection } from './components/prose-section';
import { SupportEmail } from './components/support-email';
import { paths } from '@/lib/paths';

export default function PrivacyPage() {
  return (
    <PageLayout title="Privacy Policy" subtitle="What we collect, why, and your choices.">
      <div className="max-w-3xl">
        <ProseSection title="What we collect">
          <ul>
            <li>Account details you give us: e-mail address, name, and optionally phone, company and position.</li>
            <li>
              Sign-in records: the device (browser) and network address of each session, so you can review and end
              sessions.
            </li>
            <li>Content you upload, contact lists you create and e-mails you send through the portal.</li>
            <li>Messages you send us through the contact form or the chat, with the address they came from.</li>
            <li>Newsletter subscriptions, only after you confirm them from the e-mail we send.</li>
          </ul>
        </ProseSection>
        <ProseSection title="Why we use it">
          <p>
            To provide the service, to keep it secure (for example to limit abuse of forms), to answer your messages,
            and, if you subscribed, to send you the newsletter. We do not sell personal data.
          </p>
        </ProseSection>
        <ProseSection title="Cookies and browser storage">
          <p>
            We store your sign-in token, your theme and your reading highlights in your browser. We use no advertising
            cookies. If an external chat provider is enabled, it may set its own cookies when you use the chat.
          </p>
        </ProseSection>
        <ProseSection title="How long we keep it">
          <p>
            Account data is kept while your account is open. Contact messages are kept as long as needed to answer them
            and follow up. You can ask us to delete your data at any time.
          </p>
        </ProseSection>
        <ProseSection title="Your rights">
          <p>
            You can ask for a copy of your data, its correction or its deletion, and you can object to its use. Write to{' '}
            <SupportEmail /> or use the <Link to={paths.contact}>contact form</Link>.
          </p>
        </ProseSection>
      </div>
    </PageLayout>
  );
}
