import { Link } from 'react-router';
import { PageLayout } from '@/ui/page-layout';
import { ProseSection } from './components/prose-section';
import { paths } from '@/lib/paths';

export default function TermsPage() {
  return (
    <PageLayout title="Terms of Service" subtitle="The rules for using Trading Portal.">
      <div className="max-w-3xl">
        <ProseSection title="1. The service">
          <p>
            Trading Portal provides market information, a paper-trading (simulated) account, a content hub for your
            files and e-mail tools. By creating an account or using the portal you accept these terms.
          </p>
        </ProseSection>
        <ProseSection title="2. No investment advice, no real trades">
          <p>
            Trades in the portal are simulated and use no real money. Quotes may be delayed or simulated. Nothing in the
            portal, including our stories and guides, is investment, legal or tax advice. Check important decisions with
            a qualified adviser.
          </p>
        </ProseSection>
        <ProseSection title="3. Your account">
          <p>
            You sign in with links sent to your e-mail address. Keep access to that mailbox secure: anyone who can read
            it can sign in as you. Tell us at once if you think your account has been misused.
          </p>
        </ProseSection>
        <ProseSection title="4. Your content">
          <p>
            Files and contact lists you upload remain yours. You give us permission to store and process them only to
            provide the service. You must have the right to upload them, and you may only e-mail people who agreed to
            hear from you.
          </p>
        </ProseSection>
        <ProseSection title="5. Acceptable use">
          <ul>
            <li>No unlawful, infringing or harmful content.</li>
            <li>No unsolicited bulk e-mail (spam) through the campaign tools.</li>
            <li>No attempts to break, overload or probe the service.</li>
          </ul>
        </ProseSection>
        <ProseSection title="6. Plans and payment">
          <p>
            Paid plans are billed monthly or annually in advance. Annual subscriptions include any offer shown when you
            subscribe, such as 2 months free. You can cancel at the end of any billing period.
          </p>
        </ProseSection>
        <ProseSection title="7. Availability and liability">
          <p>
            We work hard to keep the portal available but cannot promise it will never be interrupted. To the extent the
            law allows, we are not liable for indirect losses or for decisions you make based on information in the
            portal.
          </p>
        </ProseSection>
        <ProseSection title="8. Changes and contact">
          <p>
            We may update these terms; we will tell you of important changes by e-mail before they apply. Questions? See
            our <Link to={paths.privacy}>Privacy Policy</Link> or <Link to={paths.contact}>contact us</Link>.
          </p>
        </ProseSection>
      </div>
    </PageLayout>
  );
}
