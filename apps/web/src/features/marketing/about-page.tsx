import { Link } from 'react-router';
import { PageLayout } from '@/ui/page-layout';
import { ProseSection } from './components/prose-section';
import { TEAM } from './team';
import { paths } from '@/lib/paths';

export default function AboutPage() {
  return (
    <PageLayout title="About Trading Portal" subtitle="Gateway to Global Trading">
      <div className="max-w-3xl">
        <ProseSection title="Why we exist">
          <p>
            Merchant exporters carry risks that large trading houses manage with whole departments: currency moves
            between quote and payment, documents that must be perfect before a bank pays, buyers in many time zones.
            Trading Portal puts the tools those departments use into one place that a small team can run.
          </p>
          <p>
            Our mission is to make global trade simpler, safer and more profitable for merchant exporters everywhere.
          </p>
        </ProseSection>
        <ProseSection title="What the portal does">
          <ul>
            <li>Live quotes and a paper-trading account to practise decisions without risking money.</li>
            <li>A content hub for invoices, certificates and price lists, with sharing by e-mail.</li>
            <li>E-mail campaigns to your buyer lists, sent now or on a schedule.</li>
            <li>A dashboard with daily goals and streaks to keep your routine on track.</li>
          </ul>
        </ProseSection>
        <ProseSection title="The team">
          <ul>
            {TEAM.map((person) => (
              <li key={person.name}>
                <strong>{person.name}</strong>, {person.role}. {person.bio}
              </li>
            ))}
          </ul>
        </ProseSection>
        <ProseSection title="Talk to us">
          <p>
            Read our <Link to={paths.stories}>stories</Link> for practical guides, see our{' '}
            <Link to={paths.services}>services</Link>, or <Link to={paths.contact}>contact us</Link>.
          </p>
        </ProseSection>
      </div>
    </PageLayout>
  );
}
