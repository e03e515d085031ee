import { Link } from 'react-router';
import { Download, ExternalLink } from 'lucide-react';
import { PageLayout } from '@/ui/page-layout';
import { GUIDE_URL } from './guide';
import { ProseSection } from './components/prose-section';
import { paths } from '@/lib/paths';

const OFFICIAL = [
  { href: 'https://iccwbo.org/business-solutions/incoterms-rules/', label: 'ICC: Incoterms® rules' },
  { href: 'https://www.wto.org/english/res_e/statis_e/statis_e.htm', label: 'WTO: trade statistics' },
  { href: 'https://www.trademap.org/', label: 'ITC Trade Map: export and import data by product and country' },
  {
    href: 'https://www.wcoomd.org/en/topics/nomenclature/overview.aspx',
    label: 'World Customs Organization: the Harmonized System',
  },
];

export default function ResourcesPage() {
  return (
    <PageLayout title="Resources" subtitle="Guides and references for merchant exporters.">
      <div className="max-w-3xl">
        <ProseSection title="The Merchant Exporter's Trading Guide">
          <p>
            Our free PDF guide covers Incoterms 2020, letters of credit, export pricing and currency risk, with
            checklists you can print.
          </p>
          <p>
            <a href={GUIDE_URL} download className="inline-flex min-h-11 items-center gap-2">
              <Download aria-hidden="true" className="size-4" /> Download the guide (PDF)
            </a>
          </p>
        </ProseSection>
        <ProseSection title="Stories">
          <p>
            In-depth articles on choosing Incoterms, presenting documents under a letter of credit, pricing a quotation
            and managing currency risk: <Link to={paths.stories}>read the stories</Link>.
          </p>
        </ProseSection>
        <ProseSection title="Official references">
          <ul>
            {OFFICIAL.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1"
                >
                  {link.label} <ExternalLink aria-hidden="true" className="size-3" />
                </a>
              </li>
            ))}
          </ul>
        </ProseSection>
        <ProseSection title="API documentation">
          <p>
            Developers can explore the portal's API in the <a href="/api/docs">interactive API documentation</a>.
          </p>
        </ProseSection>
      </div>
    </PageLayout>
  );
}
